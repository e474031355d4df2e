import { mailOutbox, type MailKind } from '@bedriftstorget/core/mail/mail.sql';
import type { OutgoingMail } from '../adapters/mailer';
import type { Database } from '../db/client';
import { normalizeAddress, suppressedAmong } from './suppression';

export interface QueuedMail extends OutgoingMail {
  kind: MailKind;
}

/**
 * Writes mails to the outbox — pass the transaction of what caused them, so the mail exists
 * exactly when the change does (decision 070). Addresses SES reported as undeliverable are
 * left out (decision 071). Returns the new rows' ids, for `deliverNow` after the commit.
 */
export async function enqueueMails(db: Database, mails: QueuedMail[], now = new Date()): Promise<string[]> {
  if (mails.length === 0) return [];
  const suppressed = await suppressedAmong(db, mails.map((mail) => mail.to));
  const rows = mails
    .filter((mail) => !suppressed.has(normalizeAddress(mail.to)))
    .map((mail) => ({
      id: crypto.randomUUID(),
      toAddress: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      body: mail.text,
      links: mail.links,
      headers: mail.headers ?? null,
      nextAttemptAt: now,
    }));
  for (const mail of mails) {
    if (suppressed.has(normalizeAddress(mail.to))) console.log(`mail (${mail.kind}) to ${mail.to} not queued: the address is suppressed`);
  }
  if (rows.length) await db.insert(mailOutbox).values(rows);
  return rows.map((row) => row.id);
}

export async function enqueueMail(db: Database, mail: QueuedMail, now = new Date()): Promise<string | null> {
  const [id] = await enqueueMails(db, [mail], now);
  return id ?? null;
}
