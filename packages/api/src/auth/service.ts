import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import type { SignUpInput } from '@bedriftstorget/core/auth/schemas';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { formatWait } from '@bedriftstorget/core/format/nb';
import { auth as texts, mail } from '@bedriftstorget/core/texts/nb';
import type { Context } from '../context';
import { assertSignupsOpen } from '../settings/settings';
import type { Database } from '../db/client';
import { isDuplicateKey } from '../db/errors';
import type { GoogleIdentity } from './google';
import { hashPassword, verifyPassword } from './password';
import { enforceLimit } from './rate-limit';
import { RATE_LIMITS } from './rate-limit-rules';
import { refusal } from '../refusal';
import { endAllSessions, startSession } from './session';
import { checkSignIn, clearSignInFailures, recordSignInFailure } from './sign-in-throttle';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { mayMailAccount, queueConfirmation, sendAlreadyRegistered } from './confirmation-mail';
import { consumeEmailToken, createEmailToken, tokenOwner } from './tokens';
import { recordConsent } from '../privacy/consent';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

type NewUser = { email: string; passwordHash: string | null; emailVerified: boolean; googleId?: string };

/** A user and their profile (individual, free, the listing quota of the settings), in the caller's transaction. */
export async function insertUser(tx: Database, values: NewUser): Promise<string> {
  const [created] = await tx.insert(users).values(values).$returningId();
  if (!created) throw new Error('insert users returned no id');
  await tx.insert(profiles).values({ id: created.id });
  return created.id;
}


const link = (ctx: Context, path: string) => `${ctx.config.appUrl}${path}`;

/**
 * Sign-up never tells whether an address is taken (that would let anyone test addresses):
 * a verified owner gets a mail saying they already have an account; an unverified account takes the
 * new password, so only whoever can read the mailbox decides the password that gets confirmed.
 */
export async function signUp(ctx: Context, input: SignUpInput): Promise<void> {
  await enforceLimit(ctx, RATE_LIMITS.signUpPerNetwork);
  await assertSignupsOpen(ctx.db);
  // Hashed whether or not the address is taken: the hash is nearly all the time spent, so both answers take as long.
  const passwordHash = await hashPassword(input.password, ctx.config.scryptLogN);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing?.emailVerified) {
    await sendAlreadyRegistered(ctx, existing.id, input.email);
    return;
  }
  // The account (or its new password), its link and the mail in one transaction (decision 070).
  let mailId: string | null;
  if (existing) {
    mailId = await ctx.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, existing.id)).for('update');
      // Past the per-account mail limit nothing changes: the answer is the same either way.
      if (!(await mayMailAccount(tx, input.email, 'confirm'))) return null;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
      // Whoever sets the password now has ticked the box: their consent goes with it.
      await recordConsent(tx, existing.id, 'password');
      return queueConfirmation(tx, ctx, existing.id, input.email, input.next);
    });
  } else {
    try {
      mailId = await ctx.db.transaction(async (tx) => {
        const userId = await insertUser(tx, { email: input.email, passwordHash, emailVerified: false });
        await recordConsent(tx, userId, 'password');
        return queueConfirmation(tx, ctx, userId, input.email, input.next);
      });
    } catch (error) {
      // Two sign-ups for one address at once: the unique key keeps one account; the other is told to sign in.
      if (isDuplicateKey(error)) return;
      throw error;
    }
  }
  await deliverNow(ctx, [mailId]);
}

export async function confirmEmail(ctx: Context, token: string): Promise<void> {
  const userId = await consumeEmailToken(ctx.db, token, 'verify_email');
  // A link used before, for an address that is confirmed: say so rather than 'ugyldig'.
  if (!userId) throw (await tokenOwner(ctx.db, token, 'verify_email'))?.emailVerified ? new TRPCError({ code: 'BAD_REQUEST', message: texts.alreadyConfirmed }) : new TRPCError({ code: 'BAD_REQUEST', message: texts.tokenInvalid });
  await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  await startSession(ctx, userId);
}

/** 'Feil e-post eller passord', and from the failure that starts the back-off, how long to wait. */
const wrongPassword = (waitMs: number) =>
  new TRPCError({ code: 'UNAUTHORIZED', message: waitMs > 0 ? texts.wrongCredentialsWait(formatWait(waitMs)) : texts.wrongCredentials });

// A real hash to compare against when the address is unknown, so both answers take as long.
let dummyHash: Promise<string> | null = null;

export async function signIn(ctx: Context, input: { email: string; password: string }): Promise<void> {
  // Independent reads and the network's count, sent together (decision 078); refused in the rules' order, as one after another did.
  const [limited, throttled, found] = await Promise.allSettled([
    enforceLimit(ctx, RATE_LIMITS.signInPerNetwork),
    checkSignIn(ctx, input.email),
    findUserByEmail(ctx.db, input.email),
  ]);
  if (limited.status === 'rejected') throw limited.reason;
  if (throttled.status === 'rejected') throw throttled.reason;
  if (found.status === 'rejected') throw found.reason;
  const user = found.value;
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword('not-a-password', ctx.config.scryptLogN);
    await verifyPassword(input.password, await dummyHash);
    throw wrongPassword(await recordSignInFailure(ctx, input.email));
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw wrongPassword(await recordSignInFailure(ctx, input.email));
  }
  // The right password: the failures go and, for a confirmed address, the session starts, together.
  // No mail for an unconfirmed one: another link is sent only on 'Send e-posten på nytt'
  // (resendConfirmation), so signing in again and again cannot fill the mailbox (decision 085).
  await Promise.all([clearSignInFailures(ctx, input.email), user.emailVerified ? startSession(ctx, user.id) : undefined]);
  if (!user.emailVerified) throw refusal('EMAIL_NOT_CONFIRMED', texts.emailNotConfirmed);
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(ctx: Context, email: string): Promise<void> {
  await enforceLimit(ctx, RATE_LIMITS.resetPerNetwork);
  await enforceLimit(ctx, RATE_LIMITS.resetPerAddress, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const mailId = await ctx.db.transaction(async (tx) => {
    const token = await createEmailToken(tx, user.id, 'reset_password');
    const url = link(ctx, `/auth?mode=reset&token=${token}`);
    return enqueueMail(tx, { kind: 'reset', to: email, subject: mail.resetSubject, text: mail.resetText(url), links: [url] });
  });
  await deliverNow(ctx, [mailId]);
}

/** Sets the new password, ends every session of the user, and signs this browser in afresh. */
export async function resetPassword(ctx: Context, token: string, password: string): Promise<void> {
  const userId = await consumeEmailToken(ctx.db, token, 'reset_password');
  if (!userId) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tokenInvalid });
  const passwordHash = await hashPassword(password, ctx.config.scryptLogN);
  // The link came by e-mail, so the address is proven too.
  await ctx.db.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, userId));
  await endAllSessions(ctx, userId);
  await startSession(ctx, userId);
}

/**
 * Finds the account for a Google identity: by Google id, else by a verified e-mail (linking it),
 * else a new account — only when the consent step's box was ticked (`consented`), else refused
 * with CONSENT_REQUIRED and nothing stored. An unverified Google e-mail is never linked to an
 * existing account.
 */
export async function signInWithGoogle(ctx: Context, identity: GoogleIdentity, consented = false): Promise<void> {
  const [byGoogle] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.googleId, identity.sub));
  if (byGoogle) return startSession(ctx, byGoogle.id);
  if (!identity.emailVerified) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.googleFailed });
  const existing = await findUserByEmail(ctx.db, identity.email);
  if (existing) {
    // A password someone else set on an unconfirmed account must not survive the owner signing in with Google.
    const passwordHash = existing.emailVerified ? existing.passwordHash : null;
    await ctx.db.update(users).set({ googleId: identity.sub, emailVerified: true, passwordHash }).where(eq(users.id, existing.id));
    return startSession(ctx, existing.id);
  }
  await assertSignupsOpen(ctx.db);
  // A new account only with the box ticked on the consent step (decision 089): asked first, so no account exists without it.
  if (!consented) throw refusal('CONSENT_REQUIRED', consent.required);
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await insertUser(tx, { email: identity.email, passwordHash: null, emailVerified: true, googleId: identity.sub });
    await recordConsent(tx, id, 'google');
    return id;
  });
  await startSession(ctx, userId);
}
