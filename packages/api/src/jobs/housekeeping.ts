import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { emailTokens, rateLimits, sessions } from '@bedriftstorget/core/auth/auth.sql';
import { vippsPendingLinks } from '@bedriftstorget/core/auth/vipps.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { affectedRows, type Database } from '../db/client';
import { pruneViews } from '../listing/views';

const DAY = 24 * 60 * 60 * 1000;

/** How long the outbox keeps a mail that is done with: sent, given up, lost or suppressed. */
const OUTBOX_KEEP_DAYS = 30;

/**
 * Rate-limit windows older than this go. The longest rule's window is a day (rate-limit-rules.ts);
 * keys of network rules hold an address, which must not be kept 30 days (decision 089).
 */
export const RATE_LIMIT_KEEP_MS = DAY;

/**
 * Deletes what only grows and what must not be kept (decision 089): expired sessions, spent or
 * expired e-mail tokens (a spent or expired link is refused the same whether its row is there or
 * not), old rate-limit windows, view rows past /statistikk's days (folded into the counts first),
 * old outbox rows. Each is a DELETE by a condition, so two runs at once or one after the other
 * delete each row once and leave the same result.
 */
export async function runHousekeeping(db: Database, now = new Date()): Promise<{ sessions: number; tokens: number; rateLimits: number; views: number; mails: number; vippsLinks: number }> {
  const s = await db.delete(sessions).where(lt(sessions.expiresAt, now));
  const t = await db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)));
  // A Vipps link nobody proved within its hour holds a verified name and phone: gone (decision 120).
  const v = await db.delete(vippsPendingLinks).where(lt(vippsPendingLinks.expiresAt, now));
  const r = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)));
  const m = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'failed', 'unknown', 'suppressed']), lt(mailOutbox.createdAt, new Date(now.getTime() - OUTBOX_KEEP_DAYS * DAY))));
  return { sessions: affectedRows(s), tokens: affectedRows(t), rateLimits: affectedRows(r), views: await pruneViews(db, now), mails: affectedRows(m), vippsLinks: affectedRows(v) };
}

