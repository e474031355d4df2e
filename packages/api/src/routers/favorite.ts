import { z } from 'zod';
import { listingIdSchema, savedSorts } from '@bedriftstorget/core/listing/schemas';
import { addFavorite, favoriteCount, favoriteIds, removeFavorite, savedListings } from '../favorite/favorites';
import { userChannel } from '../realtime/channels';
import { protectedProcedure, router } from '../trpc';

const byListing = z.object({ listingId: listingIdSchema });

/** The user's other tabs and devices refresh their 'Lagrede' count and hearts. */
export const FAVORITES_CHANGED = 'favorites.changed';

export const favoriteRouter = router({
  ids: protectedProcedure.query(({ ctx }) => favoriteIds(ctx.db, ctx.user.id)),

  count: protectedProcedure.query(({ ctx }) => favoriteCount(ctx.db, ctx.user.id)),

  list: protectedProcedure
    .input(z.object({ sort: z.enum(savedSorts).default('saved_desc') }))
    .query(({ ctx, input }) => savedListings(ctx.db, ctx.user.id, input.sort)),

  add: protectedProcedure.input(byListing).mutation(async ({ ctx, input }) => {
    await addFavorite(ctx.db, ctx.user.id, input.listingId);
    await ctx.realtime.publish(userChannel(ctx.user.id), { type: FAVORITES_CHANGED });
    return { saved: true };
  }),

  remove: protectedProcedure.input(byListing).mutation(async ({ ctx, input }) => {
    await removeFavorite(ctx.db, ctx.user.id, input.listingId);
    await ctx.realtime.publish(userChannel(ctx.user.id), { type: FAVORITES_CHANGED });
    return { saved: false };
  }),
});
