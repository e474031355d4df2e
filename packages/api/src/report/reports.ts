import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { ReportInput } from '@bedriftstorget/core/report/schemas';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { reportDialog } from '@bedriftstorget/core/texts/share';
import type { Database } from '../db/client';
import { isDuplicateKey } from '../db/errors';
import { NOT_FOUND_MESSAGE } from '../listing/detail';

/**
 * 'Rapporter annonse' (decision 050): a signed-in user reports a public listing. One open report per
 * user and listing is the database's rule (the unique index of migration 0011), so two
 * simultaneous sends store one and the other gets the Norwegian message.
 */
export async function createReport(db: Database, reporterId: string, input: ReportInput): Promise<{ ok: true }> {
  const [listing] = await db.select({ isPublic: listings.isPublic, ownerId: listings.ownerId }).from(listings).where(eq(listings.id, input.listingId));
  // Only what the public can see can be reported; anything else is "not found", as on the page.
  if (!listing?.isPublic) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  if (listing.ownerId === reporterId) throw new TRPCError({ code: 'BAD_REQUEST', message: reportDialog.ownListing });
  try {
    await db.insert(listingReports).values({ listingId: input.listingId, reporterId, reason: input.reason, comment: input.comment ?? null });
  } catch (error) {
    if (isDuplicateKey(error)) throw new TRPCError({ code: 'CONFLICT', message: reportDialog.alreadyOpen });
    throw error;
  }
  return { ok: true };
}
