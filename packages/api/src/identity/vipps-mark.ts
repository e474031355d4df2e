import { Column, eq, is, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import type { Database } from '../db/client';
import { qualified } from '../db/insert-select';
import type { VippsIdentity } from '../auth/vipps';

/**
 * 'Verifisert med Vipps' (decisions 119, 120): who has it, given and taken away here only. The mark
 * is the identity's `verified_at` and, beside every listing of the person, `listings.seller_verified`,
 * so cards and the browse filter read no other table. Both change in the caller's transaction.
 */
type Tx = Pick<Database, 'select' | 'insert' | 'update'>;

/** Vipps's '4791234567' as the profile keeps phones (profile/schemas.ts): '+4791234567'. */
export function formatVippsPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? `+${digits}` : null;
}

/**
 * Stores the person Vipps vouched for as this account's, verified now: the Vipps `sub`, the verified
 * name and phone. The profile takes the verified name (the mark vouches for the name shown), and the
 * phone when the profile has none. Throws a duplicate-key error when the `sub` is another account's.
 */
export async function markVerified(tx: Tx, userId: string, identity: Pick<VippsIdentity, 'sub' | 'name' | 'phone'>, now = new Date()): Promise<void> {
  const phone = formatVippsPhone(identity.phone);
  await tx
    .insert(vippsIdentities)
    .values({ userId, sub: identity.sub, verifiedName: identity.name, verifiedPhone: phone, verifiedAt: now })
    .onDuplicateKeyUpdate({ set: { sub: identity.sub, verifiedName: identity.name, verifiedPhone: phone, verifiedAt: now } });
  await tx
    .update(profiles)
    .set({ fullName: identity.name, phone: sql`COALESCE(${profiles.phone}, ${phone})` })
    .where(eq(profiles.id, userId));
  await tx.update(listings).set({ sellerVerified: true }).where(eq(listings.ownerId, userId));
}

/** The mark goes (the name changed): the Vipps sign-in stays, the verification must be done again. */
export async function dropMark(tx: Tx, userId: string): Promise<void> {
  await tx.update(vippsIdentities).set({ verifiedAt: null }).where(eq(vippsIdentities.userId, userId));
  await tx.update(listings).set({ sellerVerified: false }).where(eq(listings.ownerId, userId));
}

/** The account's verification for /profil and the export; null when the person never used Vipps. */
export async function verificationOf(db: Pick<Database, 'select'>, userId: string) {
  const [row] = await db
    .select({ verifiedAt: vippsIdentities.verifiedAt, name: vippsIdentities.verifiedName, phone: vippsIdentities.verifiedPhone })
    .from(vippsIdentities)
    .where(eq(vippsIdentities.userId, userId));
  return row ?? null;
}

/** Whether the account carries the mark now. */
export async function isVerified(db: Pick<Database, 'select'>, userId: string): Promise<boolean> {
  return (await verificationOf(db, userId))?.verifiedAt != null;
}

/** After a profile change: a name other than the verified one drops the mark. */
export async function keepMarkOnlyForVerifiedName(tx: Tx, userId: string, fullName: string | null | undefined): Promise<void> {
  if (fullName === undefined) return;
  const found = await verificationOf(tx, userId);
  if (!found?.verifiedAt) return;
  if ((fullName ?? '').trim() !== found.name) await dropMark(tx, userId);
}

/**
 * The mark as SQL for reads that list people (the seller's requests and inquiries, the inbox, a thread,
 * /admin/brukere): one primary-key probe per row, no join that could multiply rows. A deleted account
 * has no identity row left ('Slett konto' removes it), so it carries no mark.
 */
export function vippsMarkOf(userId: MySqlColumn | SQL | string): SQL<number> {
  // Qualified both sides: drizzle names a single-table query's columns bare, and a bare `user_id` would be the identity's own.
  const outer = is(userId, Column) ? qualified(userId) : userId;
  return sql<number>`EXISTS (SELECT 1 FROM ${vippsIdentities} WHERE ${qualified(vippsIdentities.userId)} = ${outer} AND ${qualified(vippsIdentities.verifiedAt)} IS NOT NULL)`;
}
