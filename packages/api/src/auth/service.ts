import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import type { Credentials } from '@bedriftstorget/core/auth/schemas';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { auth as texts, mail } from '@bedriftstorget/core/texts/nb';
import type { Context } from '../context';
import { assertSignupsOpen } from '../settings/settings';
import type { Database } from '../db/client';
import { isDuplicateKey } from '../db/errors';
import type { GoogleIdentity } from './google';
import { hashPassword, verifyPassword } from './password';
import { enforceLimit, rateLimitRules, type RateLimitRule } from './rate-limit';
import { refusal } from '../refusal';
import { endAllSessions, startSession } from './session';
import { checkSignIn, clearSignInFailures, recordSignInFailure } from './sign-in-throttle';
import { consumeEmailToken, createEmailToken } from './tokens';

const limit = (ctx: Context, rule: RateLimitRule, subject: string) => enforceLimit(ctx, rule, subject, texts.tooManyAttempts);

async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

/** A user and their profile (individual, free, the listing quota of the settings), in one transaction. */
async function createUser(db: Database, values: { email: string; passwordHash: string | null; emailVerified: boolean; googleId?: string }) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(users).values(values).$returningId();
    if (!created) throw new Error('insert users returned no id');
    await tx.insert(profiles).values({ id: created.id });
    return created.id;
  });
}

const link = (ctx: Context, path: string) => `${ctx.config.appUrl}${path}`;

async function sendConfirmation(ctx: Context, userId: string, email: string): Promise<void> {
  const token = await createEmailToken(ctx.db, userId, 'verify_email');
  const url = link(ctx, `/auth/bekreft?token=${token}`);
  await ctx.mailer.send({ to: email, subject: mail.confirmSubject, text: mail.confirmText(url), links: [url] });
}

/**
 * Sign-up never tells whether an address is taken (that would let anyone test addresses):
 * a verified owner gets a mail saying they already have an account; an unverified account takes the
 * new password, so only whoever can read the mailbox decides the password that gets confirmed.
 */
export async function signUp(ctx: Context, input: Credentials): Promise<void> {
  await limit(ctx, rateLimitRules.signUpPerIp, ctx.ip);
  await assertSignupsOpen(ctx.db);
  // Hashed whether or not the address is taken: the hash is nearly all the time spent, so both answers take as long.
  const passwordHash = await hashPassword(input.password, ctx.config.scryptLogN);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing?.emailVerified) {
    const loginUrl = link(ctx, '/auth?mode=login');
    const resetUrl = link(ctx, '/auth?mode=reset');
    await ctx.mailer.send({
      to: input.email,
      subject: mail.alreadyRegisteredSubject,
      text: mail.alreadyRegisteredText(loginUrl, resetUrl),
      links: [loginUrl, resetUrl],
    });
    return;
  }
  let userId: string;
  if (existing) {
    await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    userId = existing.id;
  } else {
    try {
      userId = await createUser(ctx.db, { email: input.email, passwordHash, emailVerified: false });
    } catch (error) {
      // Two sign-ups for one address at once: the unique key keeps one account; the other is told to sign in.
      if (isDuplicateKey(error)) return;
      throw error;
    }
  }
  await sendConfirmation(ctx, userId, input.email);
}

export async function confirmEmail(ctx: Context, token: string): Promise<void> {
  const userId = await consumeEmailToken(ctx.db, token, 'verify_email');
  if (!userId) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tokenInvalid });
  await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  await startSession(ctx, userId);
}

// A real hash to compare against when the address is unknown, so both answers take as long.
let dummyHash: Promise<string> | null = null;

export async function signIn(ctx: Context, input: { email: string; password: string }): Promise<void> {
  await limit(ctx, rateLimitRules.signInPerIp, ctx.ip);
  await checkSignIn(ctx, input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword('not-a-password', ctx.config.scryptLogN);
    await verifyPassword(input.password, await dummyHash);
    await recordSignInFailure(ctx, input.email);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: texts.wrongCredentials });
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await recordSignInFailure(ctx, input.email);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: texts.wrongCredentials });
  }
  await clearSignInFailures(ctx, input.email);
  if (!user.emailVerified) {
    await sendConfirmation(ctx, user.id, user.email);
    throw refusal('EMAIL_NOT_CONFIRMED', texts.emailNotConfirmed);
  }
  await startSession(ctx, user.id);
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(ctx: Context, email: string): Promise<void> {
  await limit(ctx, rateLimitRules.resetPerIp, ctx.ip);
  await limit(ctx, rateLimitRules.resetPerEmail, email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = await createEmailToken(ctx.db, user.id, 'reset_password');
  const url = link(ctx, `/auth?mode=reset&token=${token}`);
  await ctx.mailer.send({ to: email, subject: mail.resetSubject, text: mail.resetText(url), links: [url] });
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
 * else a new account. An unverified Google e-mail is never linked to an existing account.
 */
export async function signInWithGoogle(ctx: Context, identity: GoogleIdentity): Promise<void> {
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
  const userId = await createUser(ctx.db, { email: identity.email, passwordHash: null, emailVerified: true, googleId: identity.sub });
  await startSession(ctx, userId);
}
