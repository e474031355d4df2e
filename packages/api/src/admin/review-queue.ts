import { and, asc, count, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { hoursAgo, reviewAge, type ReviewLimits } from '@bedriftstorget/core/admin/rules';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import { affectedRows, type Database } from '../db/client';
import { readSettings } from '../settings/settings';

/** Bounds one run; the next run (15 minutes later) takes the rest. */
const BATCH = 200;

export interface ReviewQueueResult {
  /** Listings whose 20-hour alert this run sent. */
  alerted: number;
  /** Pending listings past 24 hours, as the overview flags them. */
  overdue: number;
}

/**
 * The scheduled part of the 24-hour promise. Each listing past 20 hours is claimed with a
 * conditional UPDATE (review_alerted_at IS NULL → now) before any mail goes out: of two runs at
 * the same time only one wins each listing, and a rerun after a crash finds it claimed, so an
 * alert is never sent twice. The price is at most once: a crash between claim and send loses
 * that alert. A send that fails outright releases the claim so the next run tries again.
 * "Overdue" needs no mark of its own: it is computed from submitted_at wherever it is shown. The
 * thresholds are the settings' (alert and promise hours), read at the start of each run.
 */
export async function runReviewQueue(services: Pick<Services, 'db' | 'mailer' | 'config'>, now = new Date()): Promise<ReviewQueueResult> {
  const { db } = services;
  const settings = await readSettings(db);
  const limits = { promiseHours: settings.reviewPromiseHours, alertHours: settings.reviewAlertHours };
  const due = await db
    .select({ id: listings.id, title: listings.title, submittedAt: listings.submittedAt })
    .from(listings)
    .where(and(eq(listings.status, 'pending'), isNull(listings.reviewAlertedAt), lte(listings.submittedAt, hoursAgo(now, limits.alertHours))))
    .orderBy(asc(listings.submittedAt))
    .limit(BATCH);

  const claimed: typeof due = [];
  for (const listing of due) {
    if (await claim(db, listing.id, now)) claimed.push(listing);
  }
  if (claimed.length > 0) {
    const sent = await alertAdmins(services, claimed, now, limits);
    if (!sent) await release(db, claimed.map((listing) => listing.id), now);
  }

  const [overdueRow] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.status, 'pending'), lt(listings.submittedAt, hoursAgo(now, limits.promiseHours))));
  return { alerted: claimed.length, overdue: Number(overdueRow?.n ?? 0) };
}

/** Leaves updated_at alone: the alert is the job's bookkeeping, not a change to the listing. */
async function claim(db: Database, id: string, now: Date): Promise<boolean> {
  const result = await db
    .update(listings)
    .set({ reviewAlertedAt: now, updatedAt: sql`${listings.updatedAt}` })
    .where(and(eq(listings.id, id), eq(listings.status, 'pending'), isNull(listings.reviewAlertedAt)));
  return affectedRows(result) === 1;
}

async function release(db: Database, ids: string[], claimedAt: Date): Promise<void> {
  for (const id of ids) {
    await db
      .update(listings)
      .set({ reviewAlertedAt: null, updatedAt: sql`${listings.updatedAt}` })
      .where(and(eq(listings.id, id), eq(listings.reviewAlertedAt, claimedAt)));
  }
}

/** One mail per admin listing this run's listings; true when at least one admin got it. */
async function alertAdmins(
  services: Pick<Services, 'db' | 'mailer' | 'config'>,
  claimed: { id: string; title: string; submittedAt: Date }[],
  now: Date,
  limits: ReviewLimits,
): Promise<boolean> {
  const admins = await services.db
    .selectDistinct({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, 'admin'));
  const app = services.config.appUrl;
  const links = claimed.map((listing) => `${app}/bedrift/${listing.id}`);
  const queue = `${app}/admin/pending`;
  const lines = claimed.map((listing, i) => reviewMail.alertLine(listing.title, reviewAge(listing.submittedAt, now, limits).hours, links[i]!, limits.promiseHours));
  let sent = 0;
  for (const admin of admins) {
    try {
      await services.mailer.send({ to: admin.email, subject: reviewMail.alertSubject(claimed.length, limits.promiseHours), text: reviewMail.alertText(lines, queue, limits.alertHours, limits.promiseHours), links: [queue, ...links] });
      sent += 1;
    } catch (error) {
      console.error(`review alert to ${admin.email} failed`, error);
    }
  }
  return sent > 0;
}
