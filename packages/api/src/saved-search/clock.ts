import { and, eq, isNull, sql } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearchClock } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { affectedRows, type Database } from '../db/client';

const CLOCK_ROW = 1;

type Reader = Pick<Database, 'select'>;

/** The clock's value now: a search saved now has seen everything stamped so far (0 before the first stamp). */
export async function clockNow(db: Reader): Promise<number> {
  const [row] = await db.select({ seq: savedSearchClock.seq }).from(savedSearchClock).where(eq(savedSearchClock.id, CLOCK_ROW));
  return row?.seq ?? 0;
}

/**
 * Takes the clock's next value for a listing that has no stamp and is public, inside the caller's
 * transaction (decision 082); null when it has a stamp already or is not public. The upsert takes the
 * clock row's lock and holds it to the commit, so stamp N+1 is given only after stamp N is committed:
 * a mail run that has seen a stamp has seen every smaller one, and its watermark never steps over a
 * listing still to come. A number taken for nothing (a second run at once) is a harmless gap.
 */
export async function takeStamp(tx: Database, listingId: string): Promise<number | null> {
  await tx
    .insert(savedSearchClock)
    .values({ id: CLOCK_ROW, seq: 1 })
    .onDuplicateKeyUpdate({ set: { seq: sql`${savedSearchClock.seq} + 1` } });
  const seq = await clockNow(tx);
  // updated_at stays: the stamp is the job's bookkeeping, not an edit of the listing.
  const stamped = await tx
    .update(listings)
    .set({ alertSeq: seq, updatedAt: sql`${listings.updatedAt}` })
    .where(and(eq(listings.id, listingId), isNull(listings.alertSeq), eq(listings.isPublic, true)));
  return affectedRows(stamped) === 1 ? seq : null;
}
