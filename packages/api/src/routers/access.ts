import { accessAdminPageSchema, accessListingSchema, accessRequestIdSchema, accessRequestSchema } from '@bedriftstorget/core/access/schemas';
import { listAccessRequests } from '../access/admin';
import { answerRequest, requestsForSeller } from '../access/answer';
import { myRequest, requestAccess } from '../access/request';
import { reopenDocuments } from '../access/reopen';
import { adminProcedure, protectedProcedure, router } from '../trpc';

/**
 * 'Be om tilgang' and the Taushetserklæring (decision 096). Every procedure is signed-in: a buyer
 * asks and sees their own request, the owner answers (checked in the queries), staff read the list.
 */
export const accessRouter = router({
  request: protectedProcedure.input(accessRequestSchema).mutation(({ ctx, input }) => requestAccess(ctx, input)),

  /** The caller's request for one listing (its state), or null: the listing page's part for a buyer. */
  mine: protectedProcedure.input(accessListingSchema).query(({ ctx, input }) => myRequest(ctx.db, ctx.user.id, input.listingId)),

  /** The requests on the caller's own listings, for /mine-annonser. */
  forSeller: protectedProcedure.query(({ ctx }) => requestsForSeller(ctx.db, ctx.user.id)),

  grant: protectedProcedure.input(accessRequestIdSchema).mutation(({ ctx, input }) => answerRequest(ctx, input.id, 'grant')),
  decline: protectedProcedure.input(accessRequestIdSchema).mutation(({ ctx, input }) => answerRequest(ctx, input.id, 'decline')),
  withdraw: protectedProcedure.input(accessRequestIdSchema).mutation(({ ctx, input }) => answerRequest(ctx, input.id, 'withdraw')),

  /** 'Åpne dokumentene igjen': after the sale closed the data room, the owner opens it for one buyer (decision 101). */
  reopen: protectedProcedure.input(accessRequestIdSchema).mutation(({ ctx, input }) => reopenDocuments(ctx, input.id)),
});

/** /admin/tilgang: who accepted which version of the Taushetserklæring, when and from where. */
export const adminAccessRouter = router({
  list: adminProcedure.input(accessAdminPageSchema).query(({ ctx, input }) => listAccessRequests(ctx.db, input)),
});
