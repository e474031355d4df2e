import { and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn, MySqlTable } from 'drizzle-orm/mysql-core';
import * as z from 'zod';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { listingReviews } from '@bedriftstorget/core/settings/settings.sql';
import { bucketKeys, dayKey, startOfDay, startOfWeek } from '@bedriftstorget/core/stats/buckets';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import type { Database } from '../db/client';
import { readSettings } from '../settings/settings';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The review table shows this many weeks, the current one included. */
export const REVIEW_WEEKS = 12;

export interface ReviewWeek {
  week: string;
  approved: number;
  medianHours: number | null;
  p95Hours: number | null;
  /** Share approved within the promise, 0..1. */
  withinPromise: number | null;
}

/**
 * 'Tid til godkjenning' per week: each approval's wait from the submission it answered
 * (listing_reviews.submitted_at) to the decision, over the last 12 weeks (a range read on
 * decided_at). All in the database: counts and the share within the promise by GROUP BY; median
 * and p95 (nearest rank) by ranking each week's waits with window functions and keeping the two
 * ranks wanted — MySQL 8 has no PERCENTILE_CONT. At most 24 rows come back, however many approvals.
 */
export async function adminReviewTimes(db: Database, now = new Date()): Promise<{ promiseHours: number; weeks: ReviewWeek[] }> {
  const { reviewPromiseHours } = await readSettings(db);
  const since = startOfWeek(new Date(now.getTime() - (REVIEW_WEEKS - 1) * 7 * DAY_MS));
  const week = sql<string>`DATE_FORMAT(${listingReviews.decidedAt} - INTERVAL WEEKDAY(${listingReviews.decidedAt}) DAY, '%Y-%m-%d')`;
  const waits = db
    .select({
      week: week.as('week'),
      hours: sql<string>`TIMESTAMPDIFF(MICROSECOND, ${listingReviews.submittedAt}, ${listingReviews.decidedAt}) / 3600000000`.as('hours'),
    })
    .from(listingReviews)
    .where(and(eq(listingReviews.decision, 'approve'), gte(listingReviews.decidedAt, since), lte(listingReviews.decidedAt, now)))
    .as('w');
  const ranked = db
    .select({
      week: waits.week,
      hours: waits.hours,
      rn: sql<number>`ROW_NUMBER() OVER (PARTITION BY ${waits.week} ORDER BY ${waits.hours})`.as('rn'),
      n: sql<number>`COUNT(*) OVER (PARTITION BY ${waits.week})`.as('n'),
    })
    .from(waits)
    .as('r');
  const [summaryRows, rankRows] = await Promise.all([
    db
      .select({ week: waits.week, n: count(), within: sql<string>`SUM(${waits.hours} <= ${reviewPromiseHours})` })
      .from(waits)
      .groupBy(waits.week),
    db
      .select()
      .from(ranked)
      .where(sql`${ranked.rn} = CEIL(0.5 * ${ranked.n}) OR ${ranked.rn} = CEIL(0.95 * ${ranked.n})`),
  ]);
  const summary = new Map(summaryRows.map((row) => [row.week, row]));
  const median = new Map<string, number>();
  const p95 = new Map<string, number>();
  for (const row of rankRows) {
    const rn = Number(row.rn);
    const n = Number(row.n);
    if (rn === Math.ceil(0.5 * n)) median.set(row.week, Number(row.hours));
    if (rn === Math.ceil(0.95 * n)) p95.set(row.week, Number(row.hours));
  }
  const weeks = Array.from({ length: REVIEW_WEEKS }, (_, i) => dayKey(new Date(since.getTime() + i * 7 * DAY_MS))).map((week) => {
    const row = summary.get(week);
    const approved = Number(row?.n ?? 0);
    return {
      week,
      approved,
      medianHours: median.get(week) ?? null,
      p95Hours: p95.get(week) ?? null,
      withinPromise: approved ? Number(row?.within ?? 0) / approved : null,
    };
  });
  return { promiseHours: reviewPromiseHours, weeks };
}

export const activityInputSchema = z.object({ days: z.union([z.literal(30), z.literal(90)]).default(30), bucket: z.enum(['day', 'week']).default('day') });
export type ActivityInput = z.output<typeof activityInputSchema>;

export const activitySeries = ['listings', 'approvals', 'rejections', 'users', 'messages', 'inquiries', 'valuations'] as const;
export type ActivitySeries = (typeof activitySeries)[number];

/** The bucket's first day as text, computed by the database: a GROUP BY over an index range. */
function bucketOf(column: MySqlColumn, bucket: 'day' | 'week'): SQL<string> {
  return bucket === 'day'
    ? sql<string>`DATE_FORMAT(${column}, '%Y-%m-%d')`
    : sql<string>`DATE_FORMAT(${column} - INTERVAL WEEKDAY(${column}) DAY, '%Y-%m-%d')`;
}

async function countsBy(db: Database, table: MySqlTable, column: MySqlColumn, bucket: 'day' | 'week', since: Date, now: Date, extra?: SQL) {
  const key = bucketOf(column, bucket);
  const rows = await db
    .select({ key, n: count() })
    .from(table)
    .where(and(gte(column, since), lte(column, now), extra))
    .groupBy(key);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/** New listings, approvals, rejections, new users, messages, inquiries and valuation requests per day or week. */
export async function adminActivity(db: Database, input: ActivityInput, now = new Date()) {
  const keys = bucketKeys(now, input.days, input.bucket);
  const since = startOfDay(new Date(`${keys[0]!}T00:00:00Z`));
  const b = input.bucket;
  const maps = await Promise.all([
    countsBy(db, listings, listings.createdAt, b, since, now),
    countsBy(db, listingReviews, listingReviews.decidedAt, b, since, now, eq(listingReviews.decision, 'approve')),
    countsBy(db, listingReviews, listingReviews.decidedAt, b, since, now, eq(listingReviews.decision, 'reject')),
    countsBy(db, users, users.createdAt, b, since, now),
    countsBy(db, messages, messages.createdAt, b, since, now),
    countsBy(db, leads, leads.createdAt, b, since, now),
    countsBy(db, valuationRequests, valuationRequests.createdAt, b, since, now),
  ]);
  const series = Object.fromEntries(activitySeries.map((name, i) => [name, keys.map((key) => maps[i]!.get(key) ?? 0)])) as Record<ActivitySeries, number[]>;
  return { bucket: input.bucket, days: input.days, keys, series };
}
