import { and, asc, count, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { hoursAgo, reviewAge, type ReviewLimits } from '@bedriftstorget/core/admin/rules';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import { affectedRows, type Database } from '../db/client';
import { enqueueMails } from '../mail/outbox';
import { readSettings } from '../settings/settings';

/** Bounds one run; the next run (15 minutes later) takes the rest. */
const BATCH = 200;

export interface ReviewQueueResult {
  /** Listings and waiting revisions whose 20-hour alert this run sent. */
  alerted: number;
  /** Pending listings and waiting revisions past 24 hours. */
  overdue: number;
}

/** One thing waiting for staff: a pending listing, or a published listing's revision (`revisionId`). */
interface Due {
  id: string;
  title: string;
  submittedAt: Date;
  revisionId?: string;
}

/**
 * The scheduled part of the 24-hour promise. Each pending listing and each waiting revision of a
 * published one (decision 087) past 20 hours is claimed with a conditional UPDATE (review_alerted_at IS NULL → now), in one transaction with the admins'
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
  const alertBefore = hoursAgo(now, limits.alertHours);
  const dueListings: Due[] = await db
    .select({ id: listings.id, title: listings.title, submittedAt: listings.submittedAt })
    .from(listings)
    .where(and(eq(listings.status, 'pending'), isNull(listings.reviewAlertedAt), lte(listings.submittedAt, alertBefore)))
    .orderBy(asc(listings.submittedAt))
    .limit(BATCH);
  // A waiting revision is part of the promise too, clocked from its latest save (decision 087).
  const dueRevisions: Due[] = await db
    .select({ id: listings.id, title: listings.title, submittedAt: listingRevisions.submittedAt, revisionId: listingRevisions.id })
    .from(listingRevisions)
    .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
    .where(and(eq(listingRevisions.status, 'pending'), isNull(listingRevisions.reviewAlertedAt), lte(listingRevisions.submittedAt, alertBefore)))
    .orderBy(asc(listingRevisions.submittedAt))
    .limit(BATCH);
  const due = [...dueListings, ...dueRevisions];

  const admins = due.length ? await adminEmails(db) : [];
  const claimed = admins.length
    ? await db.transaction(async (tx) => {
        const won: Due[] = [];
        for (const item of due) {
          if (await claim(tx, item, now)) won.push(item);
        }
        if (won.length) await queueAlerts(tx, services.config.appUrl, admins, won, now, limits);
        return won;
      })
    : [];

  const promiseBefore = hoursAgo(now, limits.promiseHours);
  const [[overdueListings], [overdueRevisions]] = await Promise.all([
    db.select({ n: count() }).from(listings).where(and(eq(listings.status, 'pending'), lt(listings.submittedAt, promiseBefore))),
    db.select({ n: count() }).from(listingRevisions).where(and(eq(listingRevisions.status, 'pending'), lt(listingRevisions.submittedAt, promiseBefore))),
  ]);
  return { alerted: claimed.length, overdue: Number(overdueListings?.n ?? 0) + Number(overdueRevisions?.n ?? 0) };
}

/** Leaves updated_at alone: the alert is the job's bookkeeping, not a change to the listing. */
async function claim(db: Database, item: Due, now: Date): Promise<boolean> {
  if (item.revisionId) {
    const claimedRevision = await db
      .update(listingRevisions)
      .set({ reviewAlertedAt: now })
      .where(and(eq(listingRevisions.id, item.revisionId), eq(listingRevisions.status, 'pending'), isNull(listingRevisions.reviewAlertedAt)));
    return affectedRows(claimedRevision) === 1;
  }
  const id = item.id;
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
async function queueAlerts(tx: Database, app: string, admins: string[], claimed: Due[], now: Date, limits: ReviewLimits): Promise<void> {
  const links = claimed.map((item) => `${app}/bedrift/${item.id}`);
  const queue = `${app}/admin/pending`;
  const lines = claimed.map((item, i) => {
    const title = item.revisionId ? reviewMail.alertRevisionTitle(item.title) : item.title;
    return reviewMail.alertLine(title, reviewAge(item.submittedAt, now, limits).hours, links[i]!, limits.promiseHours);
  });
  const subject = reviewMail.alertSubject(claimed.length, limits.promiseHours);
  const text = reviewMail.alertText(lines, queue, limits.alertHours, limits.promiseHours);
  await enqueueMails(tx, admins.map((to) => ({ kind: 'review_alert' as const, to, subject, text, links: [queue, ...links] })), now);
}
