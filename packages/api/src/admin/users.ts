import { TRPCError } from '@trpc/server';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@bedriftstorget/core/admin/rules';
import type { AdminUserFields } from '@bedriftstorget/core/admin/schemas';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { mailSuppressions } from '@bedriftstorget/core/mail/mail.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { quotaRequests } from '@bedriftstorget/core/profile/quota-request.sql';
import { adminUsers, loggedActions } from '@bedriftstorget/core/texts/admin';
import type { Database } from '../db/client';
import { vippsMarkOf, keepMarkOnlyForVerifiedName } from '../identity/vipps-mark';
import { limitOf } from '../seller/quota';
import { readSettings } from '../settings/settings';
import { writeLog } from './log';
import { afterCursor, pageOf } from '../paging/newest-first';

/** LIKE '%text%' with the user's own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Users with e-mail and listing count in one query: e-mail from users, the count as a
 * correlated subquery on the owner index, not two lookups per profile. From users, not
 * profiles, so an account without a profile row still shows (with the defaults).
 */
export async function listAdminUsers(db: Database, input: { q?: string | undefined; cursor?: string | undefined; verified?: boolean | undefined; requests?: boolean | undefined }, adminId: string) {
  const mark = vippsMarkOf(users.id);
  const pattern = input.q ? containsPattern(input.q) : null;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      phone: profiles.phone,
      userType: profiles.userType,
      plan: profiles.plan,
      maxListings: profiles.maxListings,
      listingCount: sql<number>`(SELECT COUNT(*) FROM ${listings} WHERE ${listings.ownerId} = ${users.id})`.mapWith(Number),
      // An address SES reported undeliverable gets no more mail (decision 071); the admin sees why.
      mailSuppression: mailSuppressions.reason,
      mailSuppressedAt: mailSuppressions.createdAt,
      // 'Verifisert med Vipps' now (decision 120): a primary-key probe per row of the page.
      vippsMark: mark.mapWith(Number),
      // A waiting 'Be om flere annonser' (decision 141): by the unique key on open_for, at most one.
      requestId: quotaRequests.id,
      requestWanted: quotaRequests.wanted,
      requestMessage: quotaRequests.message,
      requestedAt: quotaRequests.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(mailSuppressions, eq(mailSuppressions.email, users.email))
    .leftJoin(quotaRequests, eq(quotaRequests.openFor, users.id))
    .where(
      and(
        // Case-insensitive substring of name or e-mail ('Søk på navn eller e-post...').
        pattern ? or(sql`LOWER(${profiles.fullName}) LIKE ${pattern}`, sql`LOWER(${users.email}) LIKE ${pattern}`) : undefined,
        afterCursor(users.createdAt, users.id, input.cursor),
        input.verified ? sql`${mark}` : undefined,
        input.requests ? isNotNull(quotaRequests.id) : undefined,
        // Deleted accounts are anonymous tombstones (decision 088), not users.
        isNull(users.deletedAt),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows, ADMIN_PAGE_SIZE);
  const setting = (await readSettings(db)).maxActiveListings;
  return {
    items: page.items.map(({ mailSuppressedAt, vippsMark, requestId, requestWanted, requestMessage, requestedAt, ...row }) => ({
      ...row,
      openRequest: requestId ? { id: requestId, wanted: requestWanted!, message: requestMessage, createdAt: requestedAt!.toISOString() } : null,
      vippsVerified: vippsMark === 1,
      mailSuppressedAt: mailSuppressedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      userType: row.userType ?? 'individual',
      plan: row.plan ?? 'free',
      maxListings: limitOf(row.maxListings, setting),
      // The admin's own row offers no 'Slett': the server refuses it (decision 088), so the page does not offer it.
      self: row.id === adminId,
    })),
    nextCursor: page.nextCursor,
  };
}

/** Writes the profile (creating it if the account has none) and its 'Oppdaterte bruker' entry together. */
export async function updateAdminUser(db: Database, adminId: string, id: string, fields: AdminUserFields): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: adminUsers.notFound });
    const [before] = await tx.select().from(profiles).where(eq(profiles.id, id));
    // A user following the settings' quota keeps following it unless the admin changed the number.
    const setting = (await readSettings(tx)).maxActiveListings;
    const follows = (before?.maxListings ?? null) === null && fields.maxListings === setting;
    const saved = { ...fields, maxListings: follows ? null : fields.maxListings };
    await tx.insert(profiles).values({ id, ...saved }).onDuplicateKeyUpdate({ set: saved });
    // Staff renaming a person drops the mark as the person's own rename does: it vouches for the name shown (decision 119).
    await keepMarkOnlyForVerifiedName(tx, id, fields.fullName);
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      const old = key === 'maxListings' ? limitOf(before?.maxListings, setting) : (before?.[key as keyof AdminUserFields] ?? null);
      if (old !== value) changes[key] = { from: old, to: value };
    }
    await writeLog(tx, adminId, { action: loggedActions.updatedUser, targetType: 'profile', targetId: id, details: { changes } });
  });
}
