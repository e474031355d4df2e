import { index, int, json, mediumtext, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { createdAt, id, primaryId, timestamp } from '../db/columns';

/**
 * pending: waits for its next attempt; sending: claimed by one sender, the attempt recorded before
 * SES is called; sent: SES accepted it; failed: given up (refused too often, or refused for good);
 * unknown: a send that never answered (a crash or time-out) — never sent again blindly (decision 070);
 * suppressed: the address was marked undeliverable after the mail was queued (decision 071).
 */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed', 'unknown', 'suppressed'] as const;

/** What a mail is for: the confirmation resend limit counts 'confirm'; logs and the admin read it. */
export const mailKinds = [
  'confirm',
  'already_registered',
  'reset',
  'message',
  'lead',
  'review_decision',
  'report_decision',
  'review_alert',
  'draft_reminder',
  'saved_search',
  'expiry_warning',
  'delete_link',
  'account_deleted',
  /** 'Be om tilgang' (decision 096): to the seller about a request, to the buyer about the answer. */
  'access_request',
  'access_answer',
  /** 'Gi bud': every step of an offer's thread, to the other party. */
  'offer',
  /** 'Logg inn med Vipps' for an existing account: the link that proves it (decision 119). */
  'vipps_link',
  /** 'Vi har mottatt annonsen din': the receipt of a submit for review (decision 146). */
  'review_receipt',
] as const;
export type MailKind = (typeof mailKinds)[number];

/** Every mail the app sends, written in the transaction of what caused it and sent by the outbox (decision 070). */
export const mailOutbox = mysqlTable(
  'mail_outbox',
  {
    id: primaryId(),
    toAddress: varchar('to_address', { length: 255 }).notNull(),
    kind: mysqlEnum('kind', mailKinds).notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    body: mediumtext('body').notNull(),
    links: json('links').$type<string[]>().notNull(),
    headers: json('headers').$type<Record<string, string>>(),
    status: mysqlEnum('status', outboxStatuses).notNull().default('pending'),
    attempts: int('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    /** Who holds the row while it is 'sending', and since when. */
    claimId: id('claim_id'),
    claimedAt: timestamp('claimed_at'),
    sentAt: timestamp('sent_at'),
    providerMessageId: varchar('provider_message_id', { length: 255 }),
    lastError: varchar('last_error', { length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_to_idx').on(t.toAddress, t.kind, t.createdAt)],
);

export const suppressionReasons = ['bounce', 'complaint'] as const;

/** Addresses SES reported as undeliverable (a permanent bounce) or that complained: never mailed again. */
export const mailSuppressions = mysqlTable('mail_suppressions', {
  email: varchar('email', { length: 255 }).primaryKey(),
  reason: mysqlEnum('reason', suppressionReasons).notNull(),
  /** SES's own words (bounce sub-type and diagnostic, or the complaint's feedback type), for the admin. */
  detail: varchar('detail', { length: 500 }),
  createdAt: createdAt(),
});
