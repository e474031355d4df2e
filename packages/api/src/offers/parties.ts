import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import type { Tx } from '../admin/log';
import type { Database } from '../db/client';

/** A party's account as the thread needs it: the name it goes by (null once deleted) and what `sellerDisplay` reads. */
export interface PartyPerson {
  name: string | null;
  fullName: string | null;
  companyName: string | null;
  email: string | null;
  deletedAt: Date | null;
}

/**
 * The parties' accounts, by id. The name they go by in the thread and the LOI: the profile's name, else
 * the firm's, else the e-mail's part before '@'; a deleted account's is null (shown as 'Slettet bruker').
 */
export async function partyPeople(db: Database | Tx, ids: string[]): Promise<Map<string, PartyPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, deletedAt: users.deletedAt, fullName: profiles.fullName, companyName: profiles.companyName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map(({ id, ...row }) => [id, { ...row, name: row.deletedAt ? null : (personDisplayName(row) ?? row.email).slice(0, 100) }]));
}

/** The names alone (the LOI's snapshot at the acceptance). */
export async function partyNames(db: Database | Tx, ids: string[]): Promise<Map<string, string | null>> {
  return new Map([...(await partyPeople(db, ids))].map(([id, person]) => [id, person.name]));
}

/** Whether the buyer carries the 'Verifisert med Vipps' mark (decision 119): a verification that still stands. */
export async function isVerifiedBuyer(db: Database | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: vippsIdentities.verifiedAt })
    .from(vippsIdentities)
    .where(and(eq(vippsIdentities.userId, userId), isNotNull(vippsIdentities.verifiedAt)))
    .limit(1);
  return row !== undefined;
}
