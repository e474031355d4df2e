import * as z from 'zod';
import { browseCountInputSchema, browseInputSchema, listingIdSchema } from '@bedriftstorget/core/listing/schemas';
import { browse, browseCount } from '../listing/browse';
import { listingPage, sellerContact, viewerListing } from '../listing/detail';
import { landingListings } from '../listing/landing';
import { hashRenewToken, renewListing } from '../listing/lifecycle';
import { expiry } from '@bedriftstorget/core/texts/lifecycle';
import { locationSuggestions } from '../listing/locations';
import { recordView } from '../listing/views';
import { readSettings } from '../settings/settings';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { RATE_LIMITS } from '../auth/rate-limit-rules';

const byId = z.object({ id: listingIdSchema });

export const listingRouter = router({
  browse: publicProcedure.input(browseInputSchema).query(({ ctx, input }) => browse(ctx.db, input, ctx.config.countWaitMs)),

  /** 'Viser X av Y' for a page that came without it (its count took longer than the page). */
  browseCount: publicProcedure.input(browseCountInputSchema).query(({ ctx, input }) => browseCount(ctx.db, input)),

  landing: publicProcedure.query(({ ctx }) => landingListings(ctx.db)),

  locations: publicProcedure.query(({ ctx }) => locationSuggestions(ctx.db)),

  /**
   * The approval promise every public text states ('Vi godkjenner innen 48 timer'), from the setting
   * in /admin/innstillinger: one source for the landing, browse and the wizard (decision 090).
   */
  reviewPromise: publicProcedure.query(async ({ ctx }) => ({ promiseHours: (await readSettings(ctx.db)).reviewPromiseHours })),

  /** The expiry mail's one-click link (no login): the token is the owner's proof (decision 045). */
  renewByToken: publicProcedure
    .input(z.object({ token: z.string({ error: expiry.linkInvalid }).min(20, expiry.linkInvalid).max(100, expiry.linkInvalid) }))
    .mutation(({ ctx, input }) => renewListing(ctx.db, { tokenHash: hashRenewToken(input.token) })),

  /** The public page, the same for everyone (cached at the edge, decision 080): public listings only. */
  detail: publicProcedure.input(byId).query(({ ctx, input }) => listingPage(ctx.db, input.id)),

  /** The signed-in caller's part of a listing page: isOwner, and the page itself when it is not public but theirs or they are an admin. */
  viewer: protectedProcedure.input(byId).query(({ ctx, input }) => viewerListing(ctx, input.id)),

  sellerContact: protectedProcedure.input(byId).query(({ ctx, input }) => sellerContact(ctx, input.id)),

  recordView: publicProcedure
    .meta({ mutationLimits: { perUser: RATE_LIMITS.mutationsPerUser, perNetwork: RATE_LIMITS.viewsPerNetwork } })
    .input(byId)
    .mutation(({ ctx, input }) => recordView(ctx, input.id)),
});
