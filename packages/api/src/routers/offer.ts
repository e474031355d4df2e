import { counterOfferSchema, declineOfferSchema, makeOfferSchema, offerIdSchema, offerListingSchema } from '@bedriftstorget/core/offer/schemas';
import { answerOffer } from '../offers/answer';
import { downloadLoi } from '../offers/loi';
import { makeOffer } from '../offers/make';
import { offerThreads, standingOfferId } from '../offers/read';
import { protectedProcedure, router } from '../trpc';

/**
 * 'Gi bud' (decision 121). Every procedure is signed-in; who may do what (the buyer, the
 * listing's owner, whose turn it is) is checked in the queries, and staff read counts in admin.
 */
export const offerRouter = router({
  make: protectedProcedure.input(makeOfferSchema).mutation(({ ctx, input }) => makeOffer(ctx, input)),

  /** The caller's threads as buyer (/mine-bud), or on one listing (the listing page). */
  mine: protectedProcedure.input(offerListingSchema.partial()).query(({ ctx, input }) => offerThreads(ctx.db, ctx.user.id, 'buyer', input.listingId)),
  /** The threads on the caller's own listings (/mine-annonser → 'Bud'). */
  forSeller: protectedProcedure.input(offerListingSchema.partial()).query(({ ctx, input }) => offerThreads(ctx.db, ctx.user.id, 'seller', input.listingId)),
  /** The caller's standing offer on a listing, or null. */
  standing: protectedProcedure.input(offerListingSchema).query(async ({ ctx, input }) => ({ offerId: await standingOfferId(ctx.db, ctx.user.id, input.listingId) })),

  accept: protectedProcedure.input(offerIdSchema).mutation(({ ctx, input }) => answerOffer(ctx, input.offerId, { kind: 'accept' })),
  decline: protectedProcedure.input(declineOfferSchema).mutation(({ ctx, input }) => answerOffer(ctx, input.offerId, { kind: 'decline', reason: input.reason })),
  counter: protectedProcedure.input(counterOfferSchema).mutation(({ ctx, input: { offerId, ...terms } }) => answerOffer(ctx, offerId, { kind: 'counter', terms })),
  withdraw: protectedProcedure.input(offerIdSchema).mutation(({ ctx, input }) => answerOffer(ctx, input.offerId, { kind: 'withdraw' })),

  /** 'Last ned intensjonsavtale': a five-minute link, for the two parties only. */
  loi: protectedProcedure.input(offerIdSchema).mutation(({ ctx, input }) => downloadLoi(ctx, input.offerId)),
});
