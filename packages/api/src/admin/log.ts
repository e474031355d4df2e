import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/mysql-core';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { adminLogs, type adminTargetTypes } from '@bedriftstorget/core/admin/admin.sql';
import { LOG_LIMIT } from '@bedriftstorget/core/admin/rules';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import type { Database } from '../db/client';

/** A transaction's handle: log entries are written inside the change they record. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface LogEntry {
  action: string;
  targetType: (typeof adminTargetTypes)[number];
  targetId: string | null;
  details?: Record<string, unknown>;
}

/** Called with the transaction of the change, so there is never a change without its entry or the reverse. */
export async function writeLog(tx: Tx, adminId: string, entry: LogEntry): Promise<void> {
  await tx.insert(adminLogs).values({ adminId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, details: entry.details ?? null });
}

export interface LogRow {
  id: string;
  createdAt: string;
  adminName: string | null;
  adminEmail: string | null;
  targetType: LogEntry['targetType'];
  action: string;
  targetId: string | null;
  /**
   * What the entry concerns in words ('Gjelder'): the listing's title, the user's name or e-mail,
   * the valuation's e-mail; null when the target is gone or has no name (the page then shows the id).
   */
  targetName: string | null;
  /** What a bulk entry touched (titles, or ids for entries written before they were kept). */
  targets: string[];
  /** A rejection's reason and note. */
  reason: string | null;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

const targetUsers = alias(users, 'target_users');
const targetProfiles = alias(profiles, 'target_profiles');

/**
 * The newest 100 entries with each admin's name and e-mail and what each concerns, in one query
 * rather than a lookup per row. Ids are UUIDs, unique across tables, so the target joins need not
 * look at the type.
 */
export async function readLog(db: Database): Promise<LogRow[]> {
  const rows = await db
    .select({
      id: adminLogs.id,
      createdAt: adminLogs.createdAt,
      adminName: profiles.fullName,
      // A deleted admin's entries keep the id only (decision 088).
      adminEmail: sql<string | null>`IF(${users.deletedAt} IS NULL, ${users.email}, NULL)`,
      targetType: adminLogs.targetType,
      action: adminLogs.action,
      targetId: adminLogs.targetId,
      details: adminLogs.details,
      listingTitle: listings.title,
      userName: targetProfiles.fullName,
      // A deleted user's row holds a placeholder address (decision 088): 'Gjelder' names no one.
      userEmail: sql<string | null>`IF(${targetUsers.deletedAt} IS NULL, ${targetUsers.email}, ${accountDeletion.deletedUser})`,
      valuationEmail: valuationRequests.email,
    })
    .from(adminLogs)
    .leftJoin(users, eq(users.id, adminLogs.adminId))
    .leftJoin(profiles, eq(profiles.id, adminLogs.adminId))
    .leftJoin(listings, eq(listings.id, adminLogs.targetId))
    .leftJoin(targetUsers, eq(targetUsers.id, adminLogs.targetId))
    .leftJoin(targetProfiles, eq(targetProfiles.id, adminLogs.targetId))
    .leftJoin(valuationRequests, eq(valuationRequests.id, adminLogs.targetId))
    .orderBy(desc(adminLogs.createdAt), desc(adminLogs.id))
    .limit(LOG_LIMIT);
  return rows.map(({ details, listingTitle, userName, userEmail, valuationEmail, ...row }) => {
    const titles = strings(details?.titles);
    const reason = typeof details?.reason === 'string' ? [details.reason, typeof details.note === 'string' ? details.note : ''].filter(Boolean).join(': ') : null;
    const targetName = listingTitle ?? (userName || userEmail) ?? valuationEmail ?? null;
    return { ...row, createdAt: row.createdAt.toISOString(), targetName, targets: titles.length > 0 ? titles : strings(details?.ids), reason };
  });
}
