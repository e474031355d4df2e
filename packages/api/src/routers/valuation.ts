import { and, eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { valuation as texts } from '@bedriftstorget/core/texts/nb';
import { estimateValue } from '@bedriftstorget/core/valuation/multiples';
import { valuationInputSchema } from '@bedriftstorget/core/valuation/schemas';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { enforceLimit, type RateLimitRule } from '../auth/rate-limit';
import { publicProcedure, router } from '../trpc';

/** Every estimate stores a row for staff: the limit keeps a script from filling that table. */
const estimatePerIp = { name: 'valuation-ip', limit: 30, windowMs: 60 * 60_000 } satisfies RateLimitRule;

export const valuationRouter = router({
  /** Public: the landing's free valuation; the listing wizard calls it too, with its listing's id. */
  estimate: publicProcedure.input(valuationInputSchema).mutation(async ({ ctx, input }) => {
    await enforceLimit(ctx, estimatePerIp, ctx.ip, texts.tooManyRequests);
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
