import { and, eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { estimateValue } from '@bedriftstorget/core/valuation/multiples';
import { valuationInputSchema } from '@bedriftstorget/core/valuation/schemas';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { publicProcedure, router } from '../trpc';

export const valuationRouter = router({
  /** Public: the landing's free valuation; the listing wizard calls it too, with its listing's id. */
  estimate: publicProcedure.input(valuationInputSchema).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx, RATE_LIMITS.valuationPerNetwork);
    const estimate = estimateValue(input);
    const userId = ctx.user?.id ?? null;
    // The listing is linked only when the caller owns it: the id from the client proves nothing.
    let listingId: string | null = null;
    if (input.listingId && userId) {
      const [own] = await ctx.db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.id, input.listingId), eq(listings.ownerId, userId)))
        .limit(1);
      listingId = own?.id ?? null;
    }
    await ctx.db.insert(valuationRequests).values({
      userId,
      listingId,
      email: input.email ?? null,
      industry: input.industry,
      revenue: input.revenue ?? null,
      profit: input.profit ?? null,
      lowValue: estimate.low,
      highValue: estimate.high,
    });
    return estimate;
  }),
});
