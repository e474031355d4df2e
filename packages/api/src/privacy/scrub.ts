import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { rateLimits, users } from '@bedriftstorget/core/auth/auth.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { accountDeletion as texts } from '@bedriftstorget/core/texts/account';
import type { Tx } from '../admin/log';
import { addressSubject, windowKey } from '../auth/rate-limit';
import type { Config } from '../config';
import { RATE_LIMITS } from '../auth/rate-limit-rules';

const DAY = 24 * 60 * 60 * 1000;
/** Shorter names are left in the mails' text: replacing two letters would garble other words. */
const MIN_REPLACED = 3;

/**
 * The windows that count by address, keyed by the address's HMAC (decision 134): pseudonymous, but
 * still the account's, so they go too. Their exact keys are computed for every window housekeeping
 * has not yet pruned (a day), so the delete reads primary keys only and never scans the hot table.
 * Sign-in pairs are keyed by address and network together, which the deletion does not know.
 */
export async function scrubRateLimits(tx: Tx, config: Pick<Config, 'rateLimitKey'>, email: string, now: Date): Promise<void> {
  const subject = addressSubject(config, email);
  const keys = Object.values(RATE_LIMITS)
    .filter((rule) => rule.keyedBy === 'email')
    .flatMap((rule) => {
      const windows = Math.ceil(DAY / rule.windowMs) + 1;
      return Array.from({ length: windows + 1 }, (_, i) => windowKey(rule, subject, now.getTime() - i * rule.windowMs).key);
    });
  await tx.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/**
 * Mail addressed to the account, except the goodbye mail just queued: a pending one is never sent
 * ('suppressed'), and no row keeps the address, subject or text. The goodbye mail forgets its
 * address once it is done with (mail/deliver.ts, and the job's sweep).
 */
export async function scrubOwnMail(tx: Tx, email: string, keepId: string | null): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({
      status: sql`IF(${mailOutbox.status} = 'pending', 'suppressed', ${mailOutbox.status})`,
      toAddress: '',
      subject: '',
      body: '',
      links: [],
      headers: null,
      lastError: 'kontoen er slettet',
    })
    .where(and(eq(mailOutbox.toAddress, email), keepId ? ne(mailOutbox.id, keepId) : undefined));
}

const mentions = (column: SQL, values: string[]): SQL => or(...values.map((value) => sql`LOCATE(${value}, ${column}) > 0`))!;

function replaced(column: SQL, values: string[]): SQL {
  return values.reduce((text, value) => sql`REPLACE(${text}, ${value}, ${texts.deletedUser})`, column);
}

/**
 * Where others' records name the person: the message and inquiry mails sent to the people they
 * wrote with (found through the mail index by those people's addresses, never by scanning the
 * outbox) say 'Slettet bruker' instead; admin log entries about the account, or naming it, keep
 * their ids and lose their details.
 */
export async function scrubMentions(tx: Tx, userId: string, counterparts: string[], identifiers: string[]): Promise<void> {
  const values = identifiers.filter((value) => value.trim().length >= MIN_REPLACED);
  if (counterparts.length > 0 && values.length > 0) {
    const addresses = (await tx.select({ email: users.email }).from(users).where(and(inArray(users.id, counterparts), isNull(users.deletedAt)))).map((row) => row.email);
    if (addresses.length > 0) {
      const body = sql`${mailOutbox.body}`;
      const subject = sql`${mailOutbox.subject}`;
      await tx
        .update(mailOutbox)
        .set({ body: replaced(body, values), subject: replaced(subject, values) })
        .where(and(inArray(mailOutbox.toAddress, addresses), inArray(mailOutbox.kind, ['message', 'lead']), or(mentions(body, values), mentions(subject, values))));
    }
  }
  const details = sql`CAST(${adminLogs.details} AS CHAR)`;
  const logged = await tx
    .select({ id: adminLogs.id })
    .from(adminLogs)
    .where(or(eq(adminLogs.targetId, userId), values.length > 0 ? mentions(details, values) : undefined));
  if (logged.length > 0) await tx.update(adminLogs).set({ details: null }).where(inArray(adminLogs.id, logged.map((row) => row.id)));
}

/**
 * The sellers' mails about the person's 'Be om tilgang' (decision 096) name the buyer, the address and
 * the buyer's own message: each is found through the mail index by the sellers' addresses and its
 * text goes at once — one not yet sent is never sent (decision 107). The request itself stays only
 * as the Taushetserklæring's record (decision 100), which staff, not the seller's mailbox, keep.
 */
export async function scrubAccessRequestMail(tx: Tx, counterparts: string[], email: string): Promise<void> {
  if (counterparts.length === 0) return;
  const addresses = (await tx.select({ email: users.email }).from(users).where(inArray(users.id, counterparts))).map((row) => row.email);
  if (addresses.length === 0) return;
  await tx
    .update(mailOutbox)
    .set({ status: sql`IF(${mailOutbox.status} = 'pending', 'suppressed', ${mailOutbox.status})`, body: '', lastError: 'kjøperen har slettet kontoen' })
    .where(and(inArray(mailOutbox.toAddress, addresses), eq(mailOutbox.kind, 'access_request'), sql`LOCATE(${email}, ${mailOutbox.body}) > 0`));
}
