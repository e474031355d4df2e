import { and, eq, inArray, lt } from 'drizzle-orm';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { STAMPED_PREFIX } from '@bedriftstorget/core/data-room/limits';
import type { Services } from '../context';
import type { Tx } from '../admin/log';
import type { Database } from '../db/client';
import { affectedRows } from '../db/client';

/** A stamped copy outlives its five-minute link by this much, then goes (the cloud's lifecycle rule takes a day at most). */
const STAMPED_KEEP_MS = 60 * 60 * 1000;
const PENDING_KEEP_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * The scheduled job's step (decision 097): stamped copies older than an hour, and uploads never
 * confirmed within a day (their rows and objects). Safe to run again: a missing object deletes fine.
 */
export async function cleanDataRoom(services: Pick<Services, 'db' | 'documents'>, now = new Date()): Promise<{ stamped: number; pending: number }> {
  const old = (await services.documents.list(STAMPED_PREFIX, BATCH)).filter((item) => item.modified.getTime() < now.getTime() - STAMPED_KEEP_MS);
  for (const item of old) await services.documents.delete(item.key);
  const stale = await services.db
    .select({ id: listingDocuments.id, storageKey: listingDocuments.storageKey })
    .from(listingDocuments)
    .where(and(eq(listingDocuments.status, 'pending'), lt(listingDocuments.createdAt, new Date(now.getTime() - PENDING_KEEP_MS))))
    .limit(BATCH);
  let pending = 0;
  for (const document of stale) {
    // The row first, conditionally: a confirm finishing now keeps its document.
    if (affectedRows(await services.db.delete(listingDocuments).where(and(eq(listingDocuments.id, document.id), eq(listingDocuments.status, 'pending')))) !== 1) continue;
    await services.documents.delete(document.storageKey);
    pending += 1;
  }
  return { stamped: old.length, pending };
}

/** The objects of these listings' documents, read before the rows go with the listings (ON DELETE CASCADE). */
export async function documentKeysOf(tx: Tx | Database, listingIds: string[]): Promise<string[]> {
  if (listingIds.length === 0) return [];
  const rows = await tx.select({ key: listingDocuments.storageKey }).from(listingDocuments).where(inArray(listingDocuments.listingId, listingIds));
  return rows.map((row) => row.key);
}
