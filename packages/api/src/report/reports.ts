import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { ReportInput } from '@bedriftstorget/core/report/schemas';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { reportDialog } from '@bedriftstorget/core/texts/share';
import type { Context } from '../context';
import { isDuplicateKey } from '../db/errors';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { NOT_FOUND_MESSAGE } from '../listing/detail';

/** After 'Avvis', the same user may report the same listing again only after this long (decision 085). */
export const REPORT_AGAIN_AFTER_DISMISSAL_MS = 7 * 24 * 60 * 60_000;

/**
 * 'Rapporter annonse' (decision 050): a signed-in user reports a public listing. One open report per
 * user and listing is the database's rule (the unique index of migration 0011), so two
 * simultaneous sends store one and the other gets the Norwegian message. Limits per hour and per
 * day (RATE_LIMITS), and no second report of a listing staff dismissed for this user within 7 days.
 */
export async function createReport(ctx: Context, reporterId: string, input: ReportInput, now = new Date()): Promise<{ ok: true }> {
  const { db } = ctx;
  const [listing] = await db.select({ isPublic: listings.isPublic, ownerId: listings.ownerId }).from(listings).where(eq(listings.id, input.listingId));
  // Only what the public can see can be reported; anything else is "not found", as on the page.
  if (!listing?.isPublic) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  if (listing.ownerId === reporterId) throw new TRPCError({ code: 'BAD_REQUEST', message: reportDialog.ownListing });
  const [dismissed] = await db
    .select({ id: listingReports.id })
    .from(listingReports)
    .where(and(
      eq(listingReports.listingId, input.listingId),
      eq(listingReports.reporterId, reporterId),
      eq(listingReports.status, 'dismissed'),
      gt(listingReports.handledAt, new Date(now.getTime() - REPORT_AGAIN_AFTER_DISMISSAL_MS)),
    ))
    .limit(1);
  if (dismissed) throw new TRPCError({ code: 'CONFLICT', message: reportDialog.recentlyDismissed });
  await enforceLimit(ctx, RATE_LIMITS.reportsPerUserHour);
  await enforceLimit(ctx, RATE_LIMITS.reportsPerUserDay);
  try {
    await db.insert(listingReports).values({ listingId: input.listingId, reporterId, reason: input.reason, comment: input.comment ?? null });
  } catch (error) {
    if (isDuplicateKey(error)) throw new TRPCError({ code: 'CONFLICT', message: reportDialog.alreadyOpen });
    throw error;
  }
  return { ok: true };
}
