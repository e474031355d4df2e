import * as z from 'zod';
import { listingIdSchema, savedSorts } from '@bedriftstorget/core/listing/schemas';
import { addFavorite, favoriteCount, favoriteIds, removeFavorite, savedListings } from '../favorite/favorites';
import { userChannel } from '../realtime/channels';
import { protectedProcedure, router } from '../trpc';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import type { Context } from '../context';
import { STATS_CHANGED } from '@bedriftstorget/core/stats/events';
import { listingOwner } from '../stats/seller-stats';

const byListing = z.object({ listingId: listingIdSchema });

/** The user's other tabs and devices refresh their 'Lagrede' count and hearts. */
export const FAVORITES_CHANGED = 'favorites.changed';

/** The listing's owner sees 'Lagret' change live on /statistikk. */
async function tellOwner(ctx: Context, listingId: string): Promise<void> {
  const owner = await listingOwner(ctx.db, listingId);
  if (owner) await ctx.realtime.publish(userChannel(owner), { type: STATS_CHANGED });
}

/** Only a change is an event: saving a saved listing again (a double tap, a script) tells no one. */
async function tellChange(ctx: Context, userId: string, listingId: string): Promise<void> {
  await ctx.realtime.publish(userChannel(userId), { type: FAVORITES_CHANGED });
  await tellOwner(ctx, listingId);
}

export const favoriteRouter = router({
  ids: protectedProcedure.query(({ ctx }) => favoriteIds(ctx.db, ctx.user.id)),

  count: protectedProcedure.query(({ ctx }) => favoriteCount(ctx.db, ctx.user.id)),

  list: protectedProcedure
    .input(z.object({ sort: z.enum(savedSorts).default('saved_desc') }))
    .query(({ ctx, input }) => savedListings(ctx.db, ctx.user.id, input.sort)),

  add: protectedProcedure.input(byListing).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx, RATE_LIMITS.favoritesPerUser);
    if (await addFavorite(ctx.db, ctx.user.id, input.listingId)) await tellChange(ctx, ctx.user.id, input.listingId);
    return { saved: true };
  }),

  remove: protectedProcedure.input(byListing).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx, RATE_LIMITS.favoritesPerUser);
    if (await removeFavorite(ctx.db, ctx.user.id, input.listingId)) await tellChange(ctx, ctx.user.id, input.listingId);
    return { saved: false };
  }),
});
