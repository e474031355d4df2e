import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { listings, storageDeletions } from '@bedriftstorget/core/listing/listing.sql';
import type { Tx } from '../admin/log';
import { ndaRecordKeptUntil } from '../access/nda-records';
import type { Services } from '../context';
import { affectedRows } from '../db/client';
import { sellerKnownSql } from './seller-known';

/**
 * 'Slett konto' (decision 122): the person's offers that never became a deal go, as buyer or seller.
 * An accepted one stays for the other party — the LOI is their record of the deal they agreed — as the
 * Taushetserklæring's record does (decision 100): the names as they were at the acceptance, the
 * messages gone, until two years after the deletion (GDPR art. 6(1)(f) and 17(3)(e): the other party's
 * interest in establishing or defending a claim about the deal); the job deletes it after.
 */
export async function keepAcceptedOffers(tx: Tx, userId: string, now: Date): Promise<void> {
  const theirs = or(eq(offers.buyerId, userId), eq(offers.sellerId, userId));
  const open = await tx.select({ id: offers.id, loiKey: offers.loiKey }).from(offers).where(and(theirs, ne(offers.status, 'accepted')));
  if (open.length) await tx.delete(offers).where(inArray(offers.id, open.map((row) => row.id)));
  await tx.update(offers).set({ message: null, keptUntil: ndaRecordKeptUntil(now) }).where(and(theirs, eq(offers.status, 'accepted')));
}

/**
 * A listing deleted by its seller takes its offers that never became a deal; accepted ones stay with
 * their LOI. On a confidential sale, an accepted offer whose buyer is not let in when the listing goes
 * keeps its seller hidden for good (`seller_hidden`, decision 127): no grant is left to read after.
 */
export async function dropOpenOffers(tx: Tx, listingIds: string[]): Promise<void> {
  if (listingIds.length === 0) return;
  await tx.delete(offers).where(and(inArray(offers.listingId, listingIds), ne(offers.status, 'accepted')));
  const confidential = await tx.select({ id: listings.id }).from(listings).where(and(inArray(listings.id, listingIds), eq(listings.confidential, true)));
  if (confidential.length === 0) return;
  await tx
    .update(offers)
    .set({ sellerHidden: true })
    .where(and(inArray(offers.listingId, confidential.map((row) => row.id)), sql`NOT ${sellerKnownSql}`));
}

/**
 * The scheduled step: accepted offers kept past their term are deleted with their LOI (queued in
 * storage_deletions, which the job's own step removes). A DELETE by a condition: safe to run twice.
 */
export async function deleteEndedOfferRecords(services: Pick<Services, 'db'>, now = new Date()): Promise<{ deleted: number }> {
  return services.db.transaction(async (tx) => {
    const ended = await tx.select({ id: offers.id, loiKey: offers.loiKey }).from(offers).where(and(isNotNull(offers.keptUntil), lt(offers.keptUntil, now))).limit(500).for('update');
    if (ended.length === 0) return { deleted: 0 };
    const keys = ended.flatMap((row) => (row.loiKey ? [row.loiKey] : []));
    if (keys.length) await tx.insert(storageDeletions).values(keys.map((storageKey) => ({ storageKey }))).onDuplicateKeyUpdate({ set: { attempts: 0 } });
    return { deleted: affectedRows(await tx.delete(offers).where(inArray(offers.id, ended.map((row) => row.id)))) };
  });
}
