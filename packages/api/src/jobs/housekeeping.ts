import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { emailTokens, rateLimits, sessions } from '@bedriftstorget/core/auth/auth.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { affectedRows, type Database } from '../db/client';
import { pruneViews } from '../listing/views';

const DAY = 24 * 60 * 60 * 1000;

/** How long the outbox keeps a mail that is done with: sent, given up, lost or suppressed. */
const OUTBOX_KEEP_DAYS = 30;

/** Deletes what only grows: expired sessions, spent or expired e-mail tokens, old rate-limit windows, old view marks, old outbox rows. */
export async function runHousekeeping(db: Database, now = new Date()): Promise<{ sessions: number; tokens: number; rateLimits: number; views: number; mails: number }> {
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const s = await db.delete(sessions).where(lt(sessions.expiresAt, now));
  const t = await db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, weekAgo), and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, weekAgo))));
  const r = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - DAY)));
  const m = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'failed', 'unknown', 'suppressed']), lt(mailOutbox.createdAt, new Date(now.getTime() - OUTBOX_KEEP_DAYS * DAY))));
  return { sessions: affectedRows(s), tokens: affectedRows(t), rateLimits: affectedRows(r), views: await pruneViews(db, now), mails: affectedRows(m) };
}

