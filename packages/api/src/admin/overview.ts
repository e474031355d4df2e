import { and, asc, count, eq, gte, lt, lte } from 'drizzle-orm';
import { hoursAgo, QUEUE_SIZE, reviewAge, STATS_WINDOW_DAYS } from '@bedriftstorget/core/admin/rules';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings, listingStatuses, type ListingStatus } from '@bedriftstorget/core/listing/listing.sql';
import { leads } from '@bedriftstorget/core/message/message.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import type { Database } from '../db/client';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { registryColumns, staffCompany, type StaffCompany } from '../company/views';
import { readSettings } from '../settings/settings';

export interface AdminStats {
  byStatus: Record<ListingStatus, number>;
  /** Pending longer than the promise since the latest submission. */
  overdue: number;
  /** The review promise in hours (app_settings), which the overview's texts name. */
  promiseHours: number;
  newUsers: number;
  newLeads: number;
}

/** The stat cards: listings by status, and users and leads new in the last 7 days (docs/product.md, 'Admin details'). */
export async function adminStats(db: Database, now = new Date()): Promise<AdminStats> {
  const since = hoursAgo(now, STATS_WINDOW_DAYS * 24);
  const { reviewPromiseHours } = await readSettings(db);
  const [statusRows, [usersRow], [leadsRow], [overdueRow]] = await Promise.all([
    db.select({ status: listings.status, n: count() }).from(listings).groupBy(listings.status),
    db.select({ n: count() }).from(users).where(and(gte(users.createdAt, since), lte(users.createdAt, now))),
    db.select({ n: count() }).from(leads).where(and(gte(leads.createdAt, since), lte(leads.createdAt, now))),
    db
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.status, 'pending'), lt(listings.submittedAt, hoursAgo(now, reviewPromiseHours)))),
  ]);
  const byStatus = Object.fromEntries(listingStatuses.map((status) => [status, 0])) as Record<ListingStatus, number>;
  for (const row of statusRows) byStatus[row.status] = Number(row.n);
  return { byStatus, promiseHours: reviewPromiseHours, overdue: Number(overdueRow?.n ?? 0), newUsers: Number(usersRow?.n ?? 0), newLeads: Number(leadsRow?.n ?? 0) };
}

export interface QueueItem {
  id: string;
  title: string;
  /** The content version shown (decision 106): approval and rejection name it. */
  version: number;
  industry: (typeof listings.$inferSelect)['industry'];
  location: string;
  createdAt: string;
  submittedAt: string;
  ownerName: string | null;
  ownerEmail: string;
  ageHours: number;
  nearLimit: boolean;
  overdue: boolean;
  /** Staff see the whole company beside the listing, flags in Norwegian (decision 094). */
  confidential: boolean;
  company: StaffCompany;
}

const emptyRegistry = Object.fromEntries(Object.keys(registryColumns).map((key) => [key, null])) as Parameters<typeof staffCompany>[1];

/** The 10 longest-waiting pending listings, aged from their latest submission (index status, submitted_at). */
export async function reviewQueue(db: Database, now = new Date()): Promise<QueueItem[]> {
  const settings = await readSettings(db);
  const limits = { promiseHours: settings.reviewPromiseHours, alertHours: settings.reviewAlertHours };
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      version: listings.contentVersion,
      industry: listings.industry,
      location: listings.location,
      createdAt: listings.createdAt,
      submittedAt: listings.submittedAt,
      ownerName: profiles.fullName,
      ownerEmail: users.email,
      orgnr: listings.orgnr,
      confidential: listings.confidential,
      registry: registryColumns,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .leftJoin(profiles, eq(profiles.id, listings.ownerId))
    .leftJoin(companyRegistry, eq(companyRegistry.orgnr, listings.orgnr))
    .where(eq(listings.status, 'pending'))
    .orderBy(asc(listings.submittedAt), asc(listings.id))
    .limit(QUEUE_SIZE);
  return rows.map(({ orgnr, registry, ...row }) => {
    const age = reviewAge(row.submittedAt, now, limits);
    return { ...row, company: staffCompany(orgnr, registry ?? emptyRegistry), createdAt: row.createdAt.toISOString(), submittedAt: row.submittedAt.toISOString(), ageHours: age.hours, nearLimit: age.nearLimit, overdue: age.overdue };
  });
}
