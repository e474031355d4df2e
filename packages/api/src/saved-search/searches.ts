import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import type * as z from 'zod';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { MAX_SAVED_SEARCHES, type AlertFrequency } from '@bedriftstorget/core/saved-search/enums';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { filtersKey, type createSavedSearchSchema, type SavedFilters } from '@bedriftstorget/core/saved-search/schemas';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import type { Database } from '../db/client';
import { affectedRows } from '../db/client';
import { refusal } from '../refusal';
import { bucketsOf } from './buckets';
import { clockNow } from './clock';

export interface SavedSearchView {
  id: string;
  name: string;
  filters: SavedFilters;
  alerts: AlertFrequency;
  createdAt: Date;
}

const viewColumns = { id: savedSearches.id, name: savedSearches.name, filters: savedSearches.filters, alerts: savedSearches.alerts, createdAt: savedSearches.createdAt };

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: texts.notFound });

export function listSavedSearches(db: Database, userId: string): Promise<SavedSearchView[]> {
  return db.select(viewColumns).from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt));
}

/**
 * Saves a search under the cap. The user's row is locked first (decision 003), so ten saves at
 * once at 49 store one, not ten.
 */
export async function createSavedSearch(db: Database, userId: string, input: z.output<typeof createSavedSearchSchema>): Promise<SavedSearchView> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // At most MAX_SAVED_SEARCHES rows: reading their filters is the count too.
    const owned = await tx.select({ filters: savedSearches.filters }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (owned.length >= MAX_SAVED_SEARCHES) throw refusal('SAVED_SEARCHES_FULL', texts.tooMany(MAX_SAVED_SEARCHES));
    const key = filtersKey(input.filters);
    if (owned.some((search) => filtersKey(search.filters) === key)) throw new TRPCError({ code: 'CONFLICT', message: texts.duplicate });
    const createdAt = new Date();
    const row = {
      id: crypto.randomUUID(),
      userId,
      name: input.name,
      filters: input.filters,
      alerts: input.alerts,
      unsubscribeToken: randomBytes(32).toString('base64url'),
      createdAt,
      alertsSince: createdAt,
      // The watermark starts at the clock: only listings stamped after the save are ever mailed (decision 082).
      seenSeq: await clockNow(tx),
      ...bucketsOf(input.filters),
    };
    await tx.insert(savedSearches).values(row);
    return { id: row.id, name: row.name, filters: row.filters, alerts: row.alerts, createdAt: row.createdAt };
  });
}

/** Owner-only: another user's id changes nothing and reads as not found. */
async function updateOwn(db: Database, userId: string, id: string, set: Partial<typeof savedSearches.$inferInsert>): Promise<void> {
  const [row] = await db.select({ id: savedSearches.id }).from(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (!row) throw notFound();
  await db.update(savedSearches).set(set).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}

export const renameSavedSearch = (db: Database, userId: string, id: string, name: string) => updateOwn(db, userId, id, { name });

/**
 * Turned on again after 'Aldri' (here or by the mail's link), a search starts from the clock, as if
 * saved now: what was approved while it was off is not news (decision 082). Between 'Straks' and
 * 'Daglig' the watermark stays, so nothing is lost or sent twice.
 */
export async function setSavedSearchAlerts(db: Database, userId: string, id: string, alerts: AlertFrequency): Promise<void> {
  const [row] = await db.select({ alerts: savedSearches.alerts }).from(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  // alertsSince too: a listing approved while it was off but stamped by a run after this is not news either (decision 089).
  const restart = row?.alerts === 'never' && alerts !== 'never' ? { seenSeq: await clockNow(db), pendingSeq: null, alertsSince: new Date() } : {};
  await updateOwn(db, userId, id, { alerts, ...restart });
}

export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<void> {
  const result = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  if (affectedRows(result) !== 1) throw notFound();
}

/** The mail's one-click link: no login, the token is the permission (decision 047). Idempotent. */
export async function unsubscribe(db: Database, token: string): Promise<{ name: string }> {
  const [row] = await db.select({ id: savedSearches.id, name: savedSearches.name }).from(savedSearches).where(eq(savedSearches.unsubscribeToken, token));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: texts.unsubscribeFailed });
  await db.update(savedSearches).set({ alerts: 'never' }).where(eq(savedSearches.id, row.id));
  return { name: row.name };
}
