import { and, asc, count, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { hoursAgo, reviewAge, type ReviewLimits } from '@bedriftstorget/core/admin/rules';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import { affectedRows, type Database } from '../db/client';
import { enqueueMails } from '../mail/outbox';
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
 * conditional UPDATE (review_alerted_at IS NULL → now), in one transaction with the admins'
 * alert mails in the outbox (decision 070): of two runs at the same time only one wins each
 * listing, a rerun finds it claimed, and a claim never exists without its mail. The outbox sends
 * the mail (at most once, retried while SES refuses). With no admin to alert nothing is claimed.
 * "Overdue" needs no mark of its own: it is computed from submitted_at wherever it is shown. The
 * thresholds are the settings' (alert and promise hours), read at the start of each run.
 */
export async function runReviewQueue(services: Pick<Services, 'db' | 'config'>, now = new Date()): Promise<ReviewQueueResult> {
  const { db } = services;
  const settings = await readSettings(db);
  const limits = { promiseHours: settings.reviewPromiseHours, alertHours: settings.reviewAlertHours };
  const due = await db
    .select({ id: listings.id, title: listings.title, submittedAt: listings.submittedAt })
    .from(listings)
    .where(and(eq(listings.status, 'pending'), isNull(listings.reviewAlertedAt), lte(listings.submittedAt, hoursAgo(now, limits.alertHours))))
    .orderBy(asc(listings.submittedAt))
    .limit(BATCH);

  const admins = due.length ? await adminEmails(db) : [];
  const claimed = admins.length
    ? await db.transaction(async (tx) => {
        const won: typeof due = [];
        for (const listing of due) {
          if (await claim(tx, listing.id, now)) won.push(listing);
        }
        if (won.length) await queueAlerts(tx, services.config.appUrl, admins, won, now, limits);
        return won;
      })
    : [];

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

async function adminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, 'admin'));
  return rows.map((row) => row.email);
}

/** One mail per admin listing this run's listings. */
async function queueAlerts(tx: Database, app: string, admins: string[], claimed: { id: string; title: string; submittedAt: Date }[], now: Date, limits: ReviewLimits): Promise<void> {
  const links = claimed.map((listing) => `${app}/bedrift/${listing.id}`);
  const queue = `${app}/admin/pending`;
  const lines = claimed.map((listing, i) => reviewMail.alertLine(listing.title, reviewAge(listing.submittedAt, now, limits).hours, links[i]!, limits.promiseHours));
  const subject = reviewMail.alertSubject(claimed.length, limits.promiseHours);
  const text = reviewMail.alertText(lines, queue, limits.alertHours, limits.promiseHours);
  await enqueueMails(tx, admins.map((to) => ({ kind: 'review_alert' as const, to, subject, text, links: [queue, ...links] })), now);
}
