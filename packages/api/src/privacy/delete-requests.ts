import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { accountDeletion as texts, accountDeletionMail } from '@bedriftstorget/core/texts/account';
import { auth as authTexts } from '@bedriftstorget/core/texts/nb';
import { mayMailAccount } from '../auth/confirmation-mail';
import { verifyPassword } from '../auth/password';
import { checkSignIn, recordSignInFailure } from '../auth/sign-in-throttle';
import { consumeEmailToken, createEmailToken } from '../auth/tokens';
import type { Context } from '../context';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { eraseAccount } from './delete';

type SignedIn = Context & { user: { id: string; email: string } };

/** This browser's cookie goes with the sessions the deletion ended (the other browsers find theirs gone). */
function signOutHere(ctx: Context): void {
  ctx.resHeaders.append('Set-Cookie', ctx.auth.createBlankSessionCookie().serialize());
}

/**
 * 'Slett konto' confirmed with the password. A wrong one changes nothing and counts as a failed
 * sign-in for the address (decision 018's throttle), so the dialog is no way around it.
 */
export async function deleteWithPassword(ctx: SignedIn, password: string): Promise<void> {
  await checkSignIn(ctx, ctx.user.email);
  const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id));
  if (!user?.passwordHash) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.noPassword });
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordSignInFailure(ctx, ctx.user.email);
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.wrongPassword });
  }
  await eraseAccount(ctx, ctx.user.id, { kind: 'self' });
  signOutHere(ctx);
}

/**
 * A Google account has no password: a one-time link (1 hour) to the account's address confirms
 * instead. At most two such mails in ten minutes (as confirmations); past that nothing more is sent.
 */
export async function requestDeletionLink(ctx: SignedIn): Promise<void> {
  const mailId = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).for('update');
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: texts.alreadyDeleted });
    if (user.passwordHash) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.usePassword });
    if (!(await mayMailAccount(tx, ctx.user.email, 'delete_link'))) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: authTexts.tooManyAttempts });
    const token = await createEmailToken(tx, ctx.user.id, 'delete_account');
    const url = `${ctx.config.appUrl}/slett-konto?token=${token}`;
    return enqueueMail(tx, { kind: 'delete_link', to: ctx.user.email, subject: accountDeletionMail.linkSubject, text: accountDeletionMail.linkText(url), links: [url] });
  });
  await deliverNow(ctx, [mailId]);
}

/**
 * The mailed link, opened in any browser: the token proves the mailbox. Used once — a second use,
 * or one after an hour, is 'Lenken er ugyldig eller utløpt'. A browser signed in as that account
 * is signed out with it; any other session it has is ended by the deletion.
 */
export async function deleteByLink(ctx: Context, token: string): Promise<void> {
  const userId = await consumeEmailToken(ctx.db, token, 'delete_account');
  if (!userId) throw new TRPCError({ code: 'BAD_REQUEST', message: authTexts.tokenInvalid });
  await eraseAccount(ctx, userId, { kind: 'self' });
  if (ctx.user?.id === userId) signOutHere(ctx);
}
