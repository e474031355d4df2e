import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { storageDeletions } from '@bedriftstorget/core/listing/listing.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { isDocumentKey } from '@bedriftstorget/core/data-room/limits';
import type { Services } from '../context';

const BATCH = 500;

/** The storage part of a deletion after its commit: each object removed, then its row. A failure leaves the row for the job. */
export async function removeStoredObjects(services: Pick<Services, 'db' | 'storage' | 'documents'>, keys: string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) {
    try {
      // One table for both buckets: the data room's keys have prefixes of their own (decision 097).
      await (isDocumentKey(key) ? services.documents : services.storage).delete(key);
      await services.db.delete(storageDeletions).where(eq(storageDeletions.storageKey, key));
    } catch (error) {
      console.error('could not delete', key, 'left for the scheduled job', error);
      failed.push(key);
    }
  }
  return failed;
}

export class StorageDeletionError extends Error {}

/**
 * The scheduled job's step (decision 088): removes the objects of deleted accounts that the request
 * could not, and lets the goodbye mail forget its address once it is done with (a claim written off
 * as stale never passes through deliver.ts's settle). Fails while any object remains, so the
 * Cron's alarm fires; deleting an object that is already gone succeeds, so a rerun is safe.
 */
export async function retryStorageDeletions(services: Pick<Services, 'db' | 'storage' | 'documents'>): Promise<{ removed: number; left: number }> {
  await services.db
    .update(mailOutbox)
    .set({ toAddress: '' })
    .where(and(eq(mailOutbox.kind, 'account_deleted'), inArray(mailOutbox.status, ['sent', 'failed', 'unknown', 'suppressed']), ne(mailOutbox.toAddress, '')));
  const due = await services.db.select({ key: storageDeletions.storageKey }).from(storageDeletions).limit(BATCH);
  const failed = await removeStoredObjects(services, due.map((row) => row.key));
  if (failed.length > 0) {
    await services.db
      .update(storageDeletions)
      .set({ attempts: sql`${storageDeletions.attempts} + 1` })
      .where(inArray(storageDeletions.storageKey, failed));
    throw new StorageDeletionError(`${failed.length} object(s) of deleted accounts could not be removed; retried at the next run`);
  }
  return { removed: due.length, left: 0 };
}
