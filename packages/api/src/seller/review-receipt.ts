import { sql } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import { affectedRows } from '../db/client';
import { insertSelect, qualified } from '../db/insert-select';
import { REQUEST_WAIT_MS, sendClaimed } from '../mail/deliver';
import { enqueueMail, type QueuedMail } from '../mail/outbox';
import { sendRateFor, systemClock } from '../mail/send-rate';
import type { SignedIn, Tx } from './listing-images';

type OutboxRow = typeof mailOutbox.$inferSelect;

function receiptMail(ctx: SignedIn, submitted: { title: string; revision: boolean }, promiseHours: number): QueuedMail {
  const link = `${ctx.config.appUrl}/mine-annonser`;
  const text = (submitted.revision ? reviewMail.revisionReceiptText : reviewMail.receiptText)(submitted.title, link, promiseHours);
  return { kind: 'review_receipt', to: ctx.user.email, subject: reviewMail.receiptSubject, text, links: [link] };
}

/**
 * 'Vi har mottatt annonsen din' (decision 146): written in the transaction of the submit, so the
 * receipt exists exactly when the submitted listing or revision does (decision 070), and sent after
 * the commit. The hours are the review promise's setting, the same the landing states.
 */
export function queueReviewReceipt(tx: Tx, ctx: SignedIn, submitted: { title: string; revision: boolean }, promiseHours: number): Promise<string | null> {
  return enqueueMail(tx, receiptMail(ctx, submitted, promiseHours));
}

/**
 * A new listing's receipt, sent beside the COMMIT of the transaction that inserted the listing
 * (decision 098) instead of inside it, where it cost two statements in turn: an INSERT … SELECT that
 * reads the listing's row (a locking read), so it waits for the COMMIT and writes nothing if the
 * listing was rolled back. Already claimed for this request when a sending slot is free (as a
 * message's mail, decision 092); the address's suppression was read beside the submit's reads.
 */
export async function insertReceiptOnceCommitted(ctx: SignedIn, listingId: string, title: string, promiseHours: number, at: Date, suppressed: boolean): Promise<{ row: OutboxRow; wait: number } | null> {
  if (suppressed) {
    console.log(`mail (review_receipt) to ${ctx.user.email} not queued: the address is suppressed`);
    return null;
  }
  const mail = receiptMail(ctx, { title, revision: false }, promiseHours);
  const wait = sendRateFor(ctx.mailer, ctx.config.mailRatePerSecond).reserve(systemClock.now(), REQUEST_WAIT_MS);
  const claimed = wait !== null;
  const row: OutboxRow = {
    id: crypto.randomUUID(), toAddress: mail.to, kind: mail.kind, subject: mail.subject, body: mail.text, links: mail.links, headers: null,
    status: claimed ? 'sending' : 'pending', attempts: claimed ? 1 : 0, nextAttemptAt: at, claimId: claimed ? crypto.randomUUID() : null,
    claimedAt: claimed ? at : null, sentAt: null, providerMessageId: null, lastError: null, createdAt: at,
  };
  const result = await ctx.db.execute(insertSelect(mailOutbox, row, sql`FROM ${listings} WHERE ${qualified(listings.id)} = ${listingId}`));
  return affectedRows(result) === 1 && claimed ? { row, wait: wait ?? 0 } : null;
}

/** Sends the receipt this request holds; never fails the request: what cannot go now is left to the job (decision 070). */
export async function sendHeldReceipt(ctx: SignedIn, held: { row: OutboxRow; wait: number } | null): Promise<void> {
  if (!held) return;
  try {
    if (held.wait > 0) await systemClock.sleep(held.wait);
    await sendClaimed(ctx, held.row, new Date(), sendRateFor(ctx.mailer, ctx.config.mailRatePerSecond), systemClock, { suppressionRead: true });
  } catch (error) {
    console.error(`mail ${held.row.id} left for the scheduled job`, error);
  }
}
