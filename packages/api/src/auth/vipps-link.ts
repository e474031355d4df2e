import { createHash, randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { vippsPendingLinks } from '@bedriftstorget/core/auth/vipps.sql';
import { vippsTexts as texts } from '@bedriftstorget/core/texts/vipps';
import type { Context } from '../context';
import { isDuplicateKey } from '../db/errors';
import { markVerified } from '../identity/vipps-mark';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { verifyPassword } from './password';
import { enforceLimit } from './rate-limit';
import { RATE_LIMITS } from './rate-limit-rules';
import { setHttpOnlyCookie, startSession } from './session';
import { checkSignIn, clearSignInFailures, recordSignInFailure } from './sign-in-throttle';
import type { VippsIdentity } from './vipps';

/**
 * Linking Vipps to an account that already has its address (decision 119): never silently. The
 * person Vipps vouched for waits in `vipps_pending_links` (an hour), this browser holds its token in
 * a cookie, and the account is linked only when the browser gives the account's password or someone
 * opens the link mailed to the account's address. Only hashes of both tokens are stored.
 */
export const VIPPS_LINK_COOKIE = 'bt_vipps_link';
const LINK_MS = 60 * 60 * 1000;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const expired = () => new TRPCError({ code: 'BAD_REQUEST', message: texts.linkExpired });

export async function offerLink(ctx: Context, userId: string, identity: VippsIdentity): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  // One waiting link per account: a new Vipps sign-in replaces an older one.
  await ctx.db.delete(vippsPendingLinks).where(eq(vippsPendingLinks.userId, userId));
  await ctx.db.insert(vippsPendingLinks).values({
    tokenHash: sha256(token), userId, sub: identity.sub, verifiedName: identity.name, verifiedPhone: identity.phone, expiresAt: new Date(Date.now() + LINK_MS),
  });
  setHttpOnlyCookie(ctx, VIPPS_LINK_COOKIE, token, LINK_MS / 1000);
}

async function pendingBy(ctx: Context, column: typeof vippsPendingLinks.tokenHash | typeof vippsPendingLinks.mailTokenHash, token: string | undefined) {
  if (!token) throw expired();
  const [row] = await ctx.db
    .select({ pending: vippsPendingLinks, email: users.email, passwordHash: users.passwordHash })
    .from(vippsPendingLinks)
    .innerJoin(users, eq(users.id, vippsPendingLinks.userId))
    .where(and(eq(column, sha256(token)), gt(vippsPendingLinks.expiresAt, new Date())));
  if (!row) throw expired();
  return row;
}

/** The last step, after the proof: the identity becomes the account's, verified; this browser signs in. */
async function completeLink(ctx: Context, pending: typeof vippsPendingLinks.$inferSelect): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(vippsPendingLinks).where(eq(vippsPendingLinks.userId, pending.userId));
      await markVerified(tx, pending.userId, { sub: pending.sub, name: pending.verifiedName, phone: pending.verifiedPhone });
      // The proof and Vipps's verified address both vouch for it.
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, pending.userId));
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw new TRPCError({ code: 'CONFLICT', message: texts.takenByOther });
    throw error;
  }
  setHttpOnlyCookie(ctx, VIPPS_LINK_COOKIE, '', 0);
  await startSession(ctx, pending.userId);
}

/** Proof by password, with the sign-in's back-off for the address (sign-in-throttle.ts). */
export async function linkWithPassword(ctx: Context, password: string): Promise<void> {
  await enforceLimit(ctx, RATE_LIMITS.vippsLinkPerNetwork);
  const row = await pendingBy(ctx, vippsPendingLinks.tokenHash, ctx.cookies[VIPPS_LINK_COOKIE]);
  await checkSignIn(ctx, row.email);
  if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
    await recordSignInFailure(ctx, row.email);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: texts.wrongPassword });
  }
  await clearSignInFailures(ctx, row.email);
  await completeLink(ctx, row.pending);
}

/** Proof by the account's mailbox: a link valid as long as the waiting link. */
export async function sendLinkMail(ctx: Context): Promise<void> {
  await enforceLimit(ctx, RATE_LIMITS.vippsLinkPerNetwork);
  const row = await pendingBy(ctx, vippsPendingLinks.tokenHash, ctx.cookies[VIPPS_LINK_COOKIE]);
  const mailToken = randomBytes(32).toString('base64url');
  const url = `${ctx.config.appUrl}/auth/vipps/koble?token=${mailToken}`;
  const mailId = await ctx.db.transaction(async (tx) => {
    await tx.update(vippsPendingLinks).set({ mailTokenHash: sha256(mailToken) }).where(eq(vippsPendingLinks.tokenHash, row.pending.tokenHash));
    return enqueueMail(tx, { kind: 'vipps_link', to: row.email, subject: texts.linkMailSubject, text: texts.linkMailText(url), links: [url] });
  });
  await deliverNow(ctx, [mailId]);
}

/** The mailed link, opened: links and signs in the browser that opened it. */
export async function confirmLinkByMail(ctx: Context, token: string): Promise<void> {
  await enforceLimit(ctx, RATE_LIMITS.vippsLinkPerNetwork);
  const row = await pendingBy(ctx, vippsPendingLinks.mailTokenHash, token);
  await completeLink(ctx, row.pending);
}
