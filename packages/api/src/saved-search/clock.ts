import { and, eq, isNull, sql } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearchClock } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { Database } from '../db/client';

const CLOCK_ROW = 1;

type Reader = Pick<Database, 'select'>;

/** The clock's value now: a search saved now has seen everything stamped so far (0 before the first stamp). */
export async function clockNow(db: Reader): Promise<number> {
  const [row] = await db.select({ seq: savedSearchClock.seq }).from(savedSearchClock).where(eq(savedSearchClock.id, CLOCK_ROW));
  return row?.seq ?? 0;
}

/**
 * Gives a public listing its alert stamp, once (decision 082); returns its stamp, old or new, or
 * null when it is not public and has none. The upsert takes the clock row's lock and holds it to
 * the commit, so stamp N+1 is given only after stamp N is committed: a mail run that has seen a
 * stamp has seen every smaller one, and the watermark never steps over a listing still to come.
 * A gap (a number taken for a listing that turned out not to be public) is harmless.
 */
export async function stampListing(db: Database, listingId: string): Promise<number | null> {
  const [before] = await db.select({ alertSeq: listings.alertSeq, isPublic: listings.isPublic }).from(listings).where(eq(listings.id, listingId));
  if (!before) return null;
  if (before.alertSeq !== null) return before.alertSeq;
  if (!before.isPublic) return null;
  return db.transaction(async (tx) => {
    await tx
      .insert(savedSearchClock)
      .values({ id: CLOCK_ROW, seq: 1 })
      .onDuplicateKeyUpdate({ set: { seq: sql`${savedSearchClock.seq} + 1` } });
    const seq = await clockNow(tx);
    // updated_at stays: the stamp is the job's bookkeeping, not an edit of the listing.
    await tx
      .update(listings)
      .set({ alertSeq: seq, updatedAt: sql`${listings.updatedAt}` })
      .where(and(eq(listings.id, listingId), isNull(listings.alertSeq), eq(listings.isPublic, true)));
    const [after] = await tx.select({ alertSeq: listings.alertSeq }).from(listings).where(eq(listings.id, listingId));
    return after?.alertSeq ?? null;
  });
}
