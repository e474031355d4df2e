import { and, asc, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import type { Services } from '../context';
import { affectedRows, type Database } from '../db/client';
import { classifySendError, describeSendError } from './send-errors';
import { sendRateFor, systemClock, type Clock, type SendRate } from './send-rate';
import { suppressedAmong } from './suppression';

type MailServices = Pick<Services, 'db' | 'mailer' | 'config'>;
type OutboxRow = typeof mailOutbox.$inferSelect;

/** Refused sends are tried this many times in all, then the mail is given up ('failed'). */
export const MAX_ATTEMPTS = 8;
/** A claim older than this belongs to a send that died (a crash, a time-out): its fate is unknown. */
export const STALE_CLAIM_MS = 5 * 60_000;
/** After SES's "too many requests" the mail waits this long; it does not count as an attempt. */
export const THROTTLED_RETRY_MS = 60_000;
/** How long a request waits for a sending slot before it leaves the mail to the job. */
export const REQUEST_WAIT_MS = 2_000;
/** The job's share of the Cron's 2 minutes; what is left waits for the next run. */
export const JOB_BUDGET_MS = 60_000;
/** After this many throttling answers in one run the job stops sending until the next run. */
const MAX_THROTTLES_PER_RUN = 3;
const BATCH = 500;

/** 1, 2, 4 … minutes after the n-th refused attempt, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/**
 * A mail SES cannot send until an identity is verified or production access is granted: 1, 2, 4 …
 * minutes, then every hour, for as long as it takes (decision 110). An hour at most, so the mails
 * waiting at launch go out within the hour once SES lets them.
 */
export const UNVERIFIED_RETRY_MAX_MS = 60 * 60_000;
export function unverifiedRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), UNVERIFIED_RETRY_MAX_MS);
}

export type Outcome = 'sent' | 'retrying' | 'waiting' | 'throttled' | 'failed' | 'unknown' | 'suppressed' | 'skipped';

/**
 * Takes one due row for this sender: status pending → sending, the attempt counted, in one
 * conditional UPDATE committed before SES is called. Of two senders at once only one changes
 * the row; a sender that dies after this leaves a claim that is never sent again blindly.
 */
async function claim(db: Database, id: string, at: Date): Promise<OutboxRow | null> {
  const claimId = crypto.randomUUID();
  const result = await db
    .update(mailOutbox)
    .set({ status: 'sending', claimId, claimedAt: at, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)));
  if (affectedRows(result) !== 1) return null;
  const [row] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimId, claimId)));
  return row ?? null;
}

type Settled = { [K in keyof typeof mailOutbox.$inferInsert]?: (typeof mailOutbox.$inferInsert)[K] | SQL };

/** Ends this sender's claim with the result; a claim already written off as stale is left alone. */
async function settle(db: Database, row: OutboxRow, set: Settled): Promise<void> {
  // A deleted account's goodbye mail keeps its address only while it may still be sent (decision 088).
  const forget = row.kind === 'account_deleted' && set.status !== 'pending' ? { toAddress: '' } : {};
  await db
    .update(mailOutbox)
    .set({ claimId: null, ...set, ...forget })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimId, row.claimId ?? ''), eq(mailOutbox.status, 'sending')));
}

/** Claims, sends and records one mail. Throttling also pushes back this process's sending rate. */
async function sendOne(services: MailServices, id: string, at: Date, rate: SendRate, clock: Clock): Promise<Outcome> {
  const row = await claim(services.db, id, at);
  if (!row) return 'skipped';
  return sendClaimed(services, row, at, rate, clock, { suppressionRead: false });
}

/**
 * Sends a row this sender holds ('sending' under its claim id) and records the result. A request
 * that wrote the row already claimed, having read the suppression list beside its other reads
 * (message/send.ts, decision 092), says so and saves that read.
 */
export async function sendClaimed(services: MailServices, row: OutboxRow, at: Date, rate: SendRate, clock: Clock, options: { suppressionRead: boolean }): Promise<Outcome> {
  const { db } = services;
  if (!options.suppressionRead && (await suppressedAmong(db, [row.toAddress])).size > 0) {
    await settle(db, row, { status: 'suppressed', lastError: 'adressen er sperret etter bounce eller klage' });
    return 'suppressed';
  }
  try {
    const messageId = await services.mailer.send({
      to: row.toAddress,
      subject: row.subject,
      text: row.body,
      links: row.links,
      ...(row.headers ? { headers: row.headers } : {}),
    });
    await settle(db, row, { status: 'sent', sentAt: at, providerMessageId: messageId ?? null, lastError: null });
    return 'sent';
  } catch (error) {
    const failure = classifySendError(error);
    const lastError = describeSendError(error);
    if (failure === 'throttled') {
      rate.backOff(clock.now(), 1000);
      await settle(db, row, { status: 'pending', attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: new Date(at.getTime() + THROTTLED_RETRY_MS), lastError });
      return 'throttled';
    }
    if (failure === 'unverified') {
      // Not a failure of this mail or of the run: it waits for SES (no MAX_ATTEMPTS, no alarm).
      await settle(db, row, { status: 'pending', nextAttemptAt: new Date(at.getTime() + unverifiedRetryDelayMs(row.attempts)), lastError });
      console.warn(`mail ${row.id} (${row.kind}) waits until SES can send it (an identity not verified, or the sandbox), attempt ${row.attempts}: ${lastError}`);
      return 'waiting';
    }
    if (failure === 'refused' && row.attempts < MAX_ATTEMPTS) {
      await settle(db, row, { status: 'pending', nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts)), lastError });
      console.warn(`mail ${row.id} (${row.kind}) refused, attempt ${row.attempts}: ${lastError}`);
      return 'retrying';
    }
    const status = failure === 'unknown' ? 'unknown' : 'failed';
    await settle(db, row, { status, lastError });
    console.error(`mail ${row.id} (${row.kind}) to ${row.toAddress} ${status === 'unknown' ? 'may not have been sent (no answer)' : 'given up'}: ${lastError}`);
    return status;
  }
}

/**
 * Right after the commit of what made them: the request sends its own mails at once, so a
 * person waiting for a confirmation or reset link has it within seconds. Never fails the
 * request: a mail that cannot go now (no sending slot within 2 s, SES refusing, the database
 * failing) stays in the outbox for the scheduled job.
 */
export async function deliverNow(services: MailServices, ids: (string | null)[]): Promise<void> {
  const rate = sendRateFor(services.mailer, services.config.mailRatePerSecond);
  for (const id of ids) {
    if (!id) continue;
    try {
      const wait = rate.reserve(systemClock.now(), REQUEST_WAIT_MS);
      if (wait === null) continue;
      if (wait > 0) await systemClock.sleep(wait);
      await sendOne(services, id, new Date(), rate, systemClock);
    } catch (error) {
      console.error(`mail ${id} left for the scheduled job`, error);
    }
  }
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  /** Cannot go until SES verifies an identity or grants production access; tried again, never given up. */
  waiting: number;
  throttled: number;
  failed: number;
  unknown: number;
  suppressed: number;
  /** Due, but left for the next run (time budget or throttling). */
  left: number;
}

/** Claims older than STALE_CLAIM_MS: the send may or may not have reached SES, so it is not repeated. */
async function writeOffStaleClaims(db: Database, now: Date): Promise<number> {
  const result = await db
    .update(mailOutbox)
    .set({ status: 'unknown', claimId: null, lastError: 'avbrutt under sending; ikke sendt på nytt' })
    .where(and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))));
  const stale = affectedRows(result);
  if (stale > 0) console.error(`${stale} mail(s) were being sent when their sender stopped; marked unknown, not resent`);
  return stale;
}

/** A run that gave mail up or lost track of it fails, so the Cron's error alarm fires. */
export class MailDeliveryError extends Error {}

/**
 * The scheduled job's outbox step: sends what is due, oldest first, at the configured rate and
 * within a time budget. Each mail is claimed first, so runs at once never send one twice.
 */
export async function deliverDueMail(services: MailServices, now = new Date(), options: { clock?: Clock; budgetMs?: number } = {}): Promise<DeliveryReport> {
  const { db } = services;
  const clock = options.clock ?? systemClock;
  const budget = options.budgetMs ?? JOB_BUDGET_MS;
  const start = clock.now();
  const at = () => new Date(now.getTime() + (clock.now() - start));
  const report: DeliveryReport = { sent: 0, retrying: 0, waiting: 0, throttled: 0, failed: 0, unknown: 0, suppressed: 0, left: 0 };
  report.unknown += await writeOffStaleClaims(db, now);
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(BATCH);
  const rate = sendRateFor(services.mailer, services.config.mailRatePerSecond);
  for (const [index, { id }] of due.entries()) {
    if (clock.now() - start >= budget || report.throttled >= MAX_THROTTLES_PER_RUN) {
      report.left = due.length - index;
      break;
    }
    const wait = rate.reserve(clock.now()) ?? 0;
    if (wait > 0) await clock.sleep(wait);
    const outcome = await sendOne(services, id, at(), rate, clock);
    if (outcome !== 'skipped') report[outcome] += 1;
  }
  if (report.failed > 0 || report.unknown > 0) throw new MailDeliveryError(`mail given up or lost: ${JSON.stringify(report)}`);
  return report;
}
