import { and, count, eq, inArray } from 'drizzle-orm';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { db, signedInUser, type Harness } from './harness';

/** A signed-in user with a user_roles row, as `npm run ops -- grant-admin` makes one. */
export async function signedInAdmin(h: Harness) {
  const user = await signedInUser(h);
  await db.insert(userRoles).values({ userId: user.userId, role: 'admin' });
  return user;
}

/** The log entries one admin has written, oldest first. */
export async function logOf(adminId: string) {
  return db.select().from(adminLogs).where(eq(adminLogs.adminId, adminId)).orderBy(adminLogs.createdAt);
}

export async function logCount(adminId: string, targetId?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminLogs)
    .where(and(eq(adminLogs.adminId, adminId), targetId ? eq(adminLogs.targetId, targetId) : undefined));
  return row?.n ?? 0;
}

export async function listingRow(id: string) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id));
  return row;
}

export const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/**
 * The listings as staff see them in the queue now: their ids with the content version of each
 * (decision 106), the input admin.review.approve and reject name.
 */
export async function seen(ids: string[]): Promise<{ ids: string[]; versions: number[] }> {
  const rows = ids.length ? await db.select({ id: listings.id, version: listings.contentVersion }).from(listings).where(inArray(listings.id, ids)) : [];
  const version = new Map(rows.map((row) => [row.id, row.version]));
  // An unknown id keeps a version of 1: the server answers it as not found.
  return { ids, versions: ids.map((id) => version.get(id) ?? 1) };
}
