import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import { hoursAgo, QUEUE_SIZE, REVIEW_LIMIT_HOURS, reviewAge, STATS_WINDOW_DAYS } from '@bedriftstorget/core/admin/rules';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings, listingStatuses, type ListingStatus } from '@bedriftstorget/core/listing/listing.sql';
import { leads } from '@bedriftstorget/core/message/message.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import type { Database } from '../db/client';

export interface AdminStats {
  byStatus: Record<ListingStatus, number>;
  /** Pending for more than 24 hours: the promise is broken. */
  overdue: number;
  newUsers: number;
  newLeads: number;
}

/** The stat cards: listings by status, and users and leads new in the last 7 days (SPEC §7). */
export async function adminStats(db: Database, now = new Date()): Promise<AdminStats> {
  const since = hoursAgo(now, STATS_WINDOW_DAYS * 24);
  const [statusRows, [usersRow], [leadsRow], [overdueRow]] = await Promise.all([
    db.select({ status: listings.status, n: count() }).from(listings).groupBy(listings.status),
    db.select({ n: count() }).from(users).where(gte(users.createdAt, since)),
    db.select({ n: count() }).from(leads).where(gte(leads.createdAt, since)),
    db
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.status, 'pending'), lt(listings.createdAt, hoursAgo(now, REVIEW_LIMIT_HOURS)))),
  ]);
  const byStatus = Object.fromEntries(listingStatuses.map((status) => [status, 0])) as Record<ListingStatus, number>;
  for (const row of statusRows) byStatus[row.status] = Number(row.n);
  return { byStatus, overdue: Number(overdueRow?.n ?? 0), newUsers: Number(usersRow?.n ?? 0), newLeads: Number(leadsRow?.n ?? 0) };
}

export interface QueueItem {
  id: string;
  title: string;
  industry: (typeof listings.$inferSelect)['industry'];
  location: string;
  createdAt: string;
  ownerName: string | null;
  ownerEmail: string;
  ageHours: number;
  nearLimit: boolean;
  overdue: boolean;
}

/** The 10 oldest pending listings with their age against the 24-hour promise (index status, created_at). */
export async function reviewQueue(db: Database, now = new Date()): Promise<QueueItem[]> {
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      industry: listings.industry,
      location: listings.location,
      createdAt: listings.createdAt,
      ownerName: profiles.fullName,
      ownerEmail: users.email,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .leftJoin(profiles, eq(profiles.id, listings.ownerId))
    .where(eq(listings.status, 'pending'))
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .limit(QUEUE_SIZE);
  return rows.map((row) => {
    const age = reviewAge(row.createdAt, now);
    return { ...row, createdAt: row.createdAt.toISOString(), ageHours: age.hours, nearLimit: age.nearLimit, overdue: age.overdue };
  });
}
