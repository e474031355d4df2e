import { z } from 'zod';
import { browseInputSchema, listingIdSchema } from '@bedriftstorget/core/listing/schemas';
import { browse } from '../listing/browse';
import { listingDetail, sellerContact, similarListings } from '../listing/detail';
import { landingListings } from '../listing/landing';
import { recordView } from '../listing/views';
import { protectedProcedure, publicProcedure, router } from '../trpc';

const byId = z.object({ id: listingIdSchema });

export const listingRouter = router({
  browse: publicProcedure.input(browseInputSchema).query(({ ctx, input }) => browse(ctx.db, input)),

  landing: publicProcedure.query(({ ctx }) => landingListings(ctx.db)),

  detail: publicProcedure.input(byId).query(async ({ ctx, input }) => {
    const listing = await listingDetail(ctx, input.id);
    return { listing, similar: await similarListings(ctx.db, listing.id, listing.industry) };
  }),

  sellerContact: protectedProcedure.input(byId).query(({ ctx, input }) => sellerContact(ctx, input.id)),

  recordView: publicProcedure.input(byId).mutation(({ ctx, input }) => recordView(ctx, input.id)),
});
