import { TRPCError } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { company as texts } from '@bedriftstorget/core/texts/company';
import type { Database } from '../db/client';
import { registryColumns, registryFlagged } from './views';

/**
 * The companies an approval of these listings would publish: a pending listing's own number, and
 * the number in a published listing's pending revision (what approval copies into it, decision 086).
 */
async function companiesToApprove(db: Database, ids: string[]): Promise<string[]> {
  const [own, revised] = await Promise.all([
    db.select({ orgnr: listings.orgnr }).from(listings).where(and(inArray(listings.id, ids), eq(listings.status, 'pending'))),
    db.select({ fields: listingRevisions.fields }).from(listingRevisions).where(and(inArray(listingRevisions.listingId, ids), eq(listingRevisions.status, 'pending'))),
  ]);
  const numbers = [...own.map((row) => row.orgnr), ...revised.map((row) => row.fields.orgnr ?? null)];
  return [...new Set(numbers.filter((orgnr): orgnr is string => Boolean(orgnr)))];
}

/**
 * 'Sett aktiv' / 'Marker solgt' in the listings table approve a pending listing too, without a note
 * field: they refuse a flagged company and send staff to the queue.
 */
export function refuseFlaggedOutsideQueue(db: Database, ids: string[]): Promise<void> {
  return requireNoteIfFlagged(db, ids, undefined, texts.approveInQueue);
}

/**
 * Staff may approve a company the registry flags (deleted, bankrupt, under liquidation, or no
 * longer known) only with a note saying why (decision 094); the note goes to the admin log.
 */
export async function requireNoteIfFlagged(db: Database, ids: string[], note: string | undefined, message: string = texts.approveNoteRequired): Promise<void> {
  if (note) return;
  const numbers = await companiesToApprove(db, ids);
  if (numbers.length === 0) return;
  const rows = await db.select(registryColumns).from(companyRegistry).where(inArray(companyRegistry.orgnr, numbers));
  if (rows.some(registryFlagged)) throw new TRPCError({ code: 'BAD_REQUEST', message });
}
