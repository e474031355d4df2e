import { savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { Database } from '../db/client';

type Writer = Pick<Database, 'insert'>;

/**
 * Listings that have just become active and public wait here, written in the same transaction as
 * the status change, until the scheduled job has matched them against every saved search. A
 * listing queued twice (approved, edited, approved again) is one row.
 */
export async function queueNewlyPublic(db: Writer, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(savedSearchQueue)
    .values(ids.map((listingId) => ({ listingId, queuedAt: new Date() })))
    .onDuplicateKeyUpdate({ set: { queuedAt: new Date() } });
}
