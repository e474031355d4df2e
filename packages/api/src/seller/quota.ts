import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { wizard } from '@bedriftstorget/core/texts/seller';
import type { Tx } from '../admin/log';
import { affectedRows, type Database } from '../db/client';
import { isDuplicateKey } from '../db/errors';
import { insertSelect, qualified } from '../db/insert-select';
import { refusal } from '../refusal';
import { readSettings, SETTINGS_ROW_ID } from '../settings/settings';

/**
 * 'Maks annonser per bruker (publiserte og til godkjenning)' — the one place of the listing quota, used by a new submit, a renewal,
 * 'Mine annonser', 'Min profil' and the admins' user list:
 * - a listing holds a place while it is pending or active (live or on its way); sold, archived,
 *   rejected, inactive, unlisted and expired ones do not;
 * - the limit is the admin's grant on the profile when there is one (0 is a grant: no listings),
 *   else that setting;
 * - one more fits while the places held are fewer than the limit.
 */
export const QUOTA_STATUSES = ['pending', 'active'] as const;

export interface Quota {
  /** The owner's limit. */
  max: number;
  /** Listings holding a place now. */
  used: number;
}

/** The limit of a profile's grant (null: none, or no profile row) under the current setting. */
export function limitOf(grant: number | null | undefined, setting: number): number {
  return grant ?? setting;
}

export const hasRoom = (quota: Quota): boolean => quota.used < quota.max;

async function maxOf(db: Database | Tx, grant: number | null | undefined): Promise<number> {
  return limitOf(grant, (await readSettings(db)).maxActiveListings);
}

async function usedBy(db: Database | Tx, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(and(eq(listings.ownerId, ownerId), inArray(listings.status, QUOTA_STATUSES)));
  return row?.n ?? 0;
}

/** The owner's quota as it is now, for showing it ('2 av 3 annonser brukt'). */
export async function readQuota(db: Database | Tx, ownerId: string): Promise<Quota> {
  const [profile] = await db.select({ grant: profiles.maxListings }).from(profiles).where(eq(profiles.id, ownerId));
  const [max, used] = await Promise.all([maxOf(db, profile?.grant), usedBy(db, ownerId)]);
  return { max, used };
}

/** The account's plan ('Gratis' without a profile row). */
export async function planOf(db: Database | Tx, userId: string): Promise<(typeof profiles.$inferSelect)['plan']> {
  const [profile] = await db.select({ plan: profiles.plan }).from(profiles).where(eq(profiles.id, userId));
  return profile?.plan ?? 'free';
}

/**
 * Locks the owner's profile row and reads their limit: every write that can take a place locks
 * it first (and before the listing's row, so two such writes never deadlock), so concurrent
 * submits of one owner are counted one after another (decision 003).
 */
export async function lockQuota(tx: Tx, ownerId: string): Promise<{ ownerId: string; max: number }> {
  return { ownerId, max: await maxOf(tx, await lockProfile(tx, ownerId)) };
}

/** Locks the owner's profile row (lockQuota's first half) and returns the admin's grant on it, if any. */
async function lockProfile(tx: Tx, ownerId: string): Promise<number | null | undefined> {
  const [profile] = await tx.select({ grant: profiles.maxListings }).from(profiles).where(eq(profiles.id, ownerId)).for('update');
  return profile?.grant;
}

/** Refuses with 'QUOTA_REACHED' (decision 062) unless one more listing fits; call after lockQuota in the same transaction. */
export async function assertRoomForOne(tx: Tx, locked: { ownerId: string; max: number }): Promise<void> {
  refuseUnlessRoom({ max: locked.max, used: await usedBy(tx, locked.ownerId) });
}

/** The quota's refusal, when one more does not fit. */
export function refuseUnlessRoom(quota: Quota): void {
  if (!hasRoom(quota)) throw refusal('QUOTA_REACHED', wizard.quotaText(quota.max));
}

type NewListing = typeof listings.$inferInsert & { id: string; ownerId: string };

/**
 * A new listing, inserted only if it fits, in one statement (decision 098): it locks the owner's
 * user and profile rows (FOR UPDATE, the profile as lockQuota does: submits and renewals of one owner
 * queue, decision 003), then counts the places held — a locking read, so a submit that waited sees
 * what the one before committed — and checks that the id is free and the call's limits (counted
 * before, decision 092) hold. False when one did not: `whyNotInserted` tells which.
 */
export async function insertIfRoom(tx: Tx, row: NewListing, limits: SQL = sql`TRUE`): Promise<boolean> {
  const owner = qualified(users.id);
  const setting = sql`(SELECT ${qualified(appSettings.maxActiveListings)} FROM ${appSettings} WHERE ${qualified(appSettings.id)} = ${SETTINGS_ROW_ID})`;
  // Correlated with the locked user row, so counted after the lock was granted.
  const used = sql`(SELECT COUNT(*) FROM ${listings} AS placed WHERE placed.owner_id = ${owner} AND placed.status IN (${sql.join(QUOTA_STATUSES.map((s) => sql`${s}`), sql`, `)}))`;
  const max = sql`COALESCE(${qualified(profiles.maxListings)}, ${setting}, ${DEFAULT_SETTINGS.maxActiveListings})`;
  // 'Verifisert med Vipps' goes with the listing from the start (decision 120), read in the same statement.
  const sellerVerified = sql`EXISTS (SELECT 1 FROM ${vippsIdentities} WHERE ${qualified(vippsIdentities.userId)} = ${owner} AND ${qualified(vippsIdentities.verifiedAt)} IS NOT NULL)`;
  const statement = insertSelect(listings, { ...row, sellerVerified: sellerVerified as unknown as boolean }, sql`
    FROM ${users} LEFT JOIN ${profiles} ON ${qualified(profiles.id)} = ${owner}
    WHERE ${owner} = ${row.ownerId}
      AND NOT EXISTS (SELECT 1 FROM ${listings} AS taken WHERE taken.id = ${row.id})
      AND ${used} < ${max}
      AND (${limits})
    FOR UPDATE`);
  try {
    return affectedRows(await tx.execute(statement)) === 1;
  } catch (error) {
    // The same id inserted meanwhile by a submit this one did not queue behind (another owner's).
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * Why `insertIfRoom` wrote nothing, read in one statement after its transaction: the call's limits,
 * the quota as it is now and who holds the id, if anyone.
 */
export async function whyNotInserted(
  db: Database, ownerId: string, listingId: string, limits: SQL = sql`TRUE`,
): Promise<{ quota: Quota; existingOwner: string | null; withinLimits: boolean }> {
  const [row] = await db
    .select({
      withinLimits: sql<number | string>`(${limits})`,
      grant: sql<number | string | null>`(SELECT ${qualified(profiles.maxListings)} FROM ${profiles} WHERE ${qualified(profiles.id)} = ${ownerId})`,
      setting: sql<number | string | null>`(SELECT ${appSettings.maxActiveListings} FROM ${appSettings} WHERE ${appSettings.id} = ${SETTINGS_ROW_ID})`,
      used: sql<number | string>`(SELECT COUNT(*) FROM ${listings} WHERE ${and(eq(listings.ownerId, ownerId), inArray(listings.status, QUOTA_STATUSES))})`,
      existingOwner: sql<string | null>`(SELECT ${listings.ownerId} FROM ${listings} WHERE ${eq(listings.id, listingId)})`,
    })
    .from(users)
    .where(eq(users.id, ownerId));
  const setting = row?.setting === null || row?.setting === undefined ? DEFAULT_SETTINGS.maxActiveListings : Number(row.setting);
  const grant = row?.grant === null || row?.grant === undefined ? null : Number(row.grant);
  return { quota: { max: limitOf(grant, setting), used: Number(row?.used ?? 0) }, existingOwner: row?.existingOwner ?? null, withinLimits: Number(row?.withinLimits ?? 1) === 1 };
}
