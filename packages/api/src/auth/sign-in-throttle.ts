import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import type { Context } from '../context';
import { hit, windowKey, type RateLimitRule } from './rate-limit';

/**
 * Sign-in throttling that a stranger cannot turn into a lockout (decision record 018, OWASP ASVS
 * 2.2.1): wrong passwords are counted per address *and* network address together, with a back-off
 * that doubles after a few free mistakes. The owner on another network is never slowed by them.
 * A ceiling per address (all networks) keeps a spread-out guesser slow too: past it, only networks
 * that have not failed for the address may still try, one guess each.
 */
export const SIGN_IN = {
  freeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  /** A pair's failures are forgotten this long after its last one. */
  forgetAfterMs: 15 * 60_000,
  perAddress: { name: 'signin-fail-email', limit: 100, windowMs: 60 * 60_000 } satisfies RateLimitRule,
};

function pairKey(email: string, ip: string): string {
  return `signin-pair:${createHash('sha256').update(`${email}\n${ip}`).digest('hex')}`;
}

/** How long the pair must wait after its last failure before the next try. */
export function backOffMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(SIGN_IN.firstDelayMs * 2 ** (failures - free), SIGN_IN.maxDelayMs);
}

const refuse = () => new TRPCError({ code: 'TOO_MANY_REQUESTS', message: texts.tooManyAttempts });

async function pairFailures(ctx: Context, key: string, now: number): Promise<{ failures: number; last: number }> {
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || now - row.windowStartedAt.getTime() > SIGN_IN.forgetAfterMs) return { failures: 0, last: 0 };
  return { failures: row.hits, last: row.windowStartedAt.getTime() };
}

/** Refuses the attempt while this network must wait for this address, or the address is under a spread-out attack. */
export async function checkSignIn(ctx: Context, email: string, now = Date.now()): Promise<void> {
  const { failures, last } = await pairFailures(ctx, pairKey(email, ctx.ip), now);
  if (now - last < backOffMs(failures, SIGN_IN.freeFailures * ctx.config.rateLimitMultiplier)) throw refuse();
  if (failures === 0) return;
  const { key } = windowKey(SIGN_IN.perAddress, email, now);
  const [row] = await ctx.db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key));
  if ((row?.hits ?? 0) >= SIGN_IN.perAddress.limit * ctx.config.rateLimitMultiplier) throw refuse();
}

/** Counts a wrong password for the pair (restarting a forgotten count) and for the address. */
export async function recordSignInFailure(ctx: Context, email: string, now = Date.now()): Promise<void> {
  const key = pairKey(email, ctx.ip);
  await ctx.db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStartedAt, new Date(now - SIGN_IN.forgetAfterMs))));
  await ctx.db
    .insert(rateLimits)
    .values({ key, windowStartedAt: new Date(now), hits: 1 })
    .onDuplicateKeyUpdate({ set: { hits: sql`${rateLimits.hits} + 1`, windowStartedAt: new Date(now) } });
  await hit(ctx.db, SIGN_IN.perAddress, email, now);
}

/** The right password clears this network's count for the address. */
export async function clearSignInFailures(ctx: Context, email: string): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, pairKey(email, ctx.ip)));
}
