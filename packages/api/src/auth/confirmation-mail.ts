import { and, count, eq, gt } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { mailOutbox, type MailKind } from '@bedriftstorget/core/mail/mail.sql';
import { safeReturnPath } from '@bedriftstorget/core/auth/return-path';
import { mail } from '@bedriftstorget/core/texts/nb';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { enforceLimit } from './rate-limit';
import { RATE_LIMITS } from './rate-limit-rules';
import { createEmailToken } from './tokens';

/**
 * An account gets at most two mails of one kind (confirmation, 'you already have an account')
 * in ten minutes: the first and one resend. More would let anyone fill a stranger's mailbox
 * through sign-up, sign-in or 'Send e-posten på nytt' (decision 070).
 */
export const ACCOUNT_MAIL_WINDOW_MS = 10 * 60_000;
const ACCOUNT_MAILS_PER_WINDOW = 2;

/** True when the account may get another mail of this kind now. Call with the user row locked. */
export async function mayMailAccount(db: Database, email: string, kind: MailKind, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind), gt(mailOutbox.createdAt, new Date(now.getTime() - ACCOUNT_MAIL_WINDOW_MS))));
  return Number(row?.n ?? 0) < ACCOUNT_MAILS_PER_WINDOW;
}

const link = (ctx: Context, path: string) => `${ctx.config.appUrl}${path}`;

/**
 * A new confirmation link and its mail, in the caller's transaction: the token exists exactly
 * when its mail is queued. Returns the outbox row's id (null when the address is suppressed).
 */
export async function queueConfirmation(tx: Database, ctx: Context, userId: string, email: string, next?: string): Promise<string | null> {
  const token = await createEmailToken(tx, userId, 'verify_email');
  // The page the user signed up from comes back with the link (checked again by the page it opens).
  const back = next && safeReturnPath(next) ? `&next=${encodeURIComponent(next)}` : '';
  const url = link(ctx, `/auth/bekreft?token=${token}${back}`);
  return enqueueMail(tx, { kind: 'confirm', to: email, subject: mail.confirmSubject, text: mail.confirmText(url), links: [url] });
}

/**
 * Sends an unconfirmed account a new link, within the per-account limit; the user row is locked
 * so two requests at once cannot both pass the count. Quietly does nothing past the limit.
 */
export async function sendConfirmation(ctx: Context, userId: string, email: string, next?: string): Promise<void> {
  const id = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!(await mayMailAccount(tx, email, 'confirm'))) return null;
    return queueConfirmation(tx, ctx, userId, email, next);
  });
  await deliverNow(ctx, [id]);
}

/** 'Du har allerede en konto' to a verified owner, within the same per-account limit. */
export async function sendAlreadyRegistered(ctx: Context, userId: string, email: string): Promise<void> {
  const loginUrl = link(ctx, '/auth?mode=login');
  const resetUrl = link(ctx, '/auth?mode=reset');
  const id = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!(await mayMailAccount(tx, email, 'already_registered'))) return null;
    return enqueueMail(tx, { kind: 'already_registered', to: email, subject: mail.alreadyRegisteredSubject, text: mail.alreadyRegisteredText(loginUrl, resetUrl), links: [loginUrl, resetUrl] });
  });
  await deliverNow(ctx, [id]);
}

/**
 * 'Send e-posten på nytt' after sign-up. Answers the same whether or not the address has an
 * account, or is confirmed already (decision 002): only the mailbox learns anything.
 */
export async function resendConfirmation(ctx: Context, email: string, next?: string): Promise<void> {
  // Per address and per network (RATE_LIMITS), on top of the per-account limit above.
  await enforceLimit(ctx, RATE_LIMITS.resendPerNetwork);
  await enforceLimit(ctx, RATE_LIMITS.resendPerAddress, email);
  const [user] = await ctx.db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
  if (!user || user.emailVerified) return;
  await sendConfirmation(ctx, user.id, email, next);
}
