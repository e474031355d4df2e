import { and, eq, lt, sql } from 'drizzle-orm';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import type { Context } from '../context';
import { networkKey } from '../http/network';
import { addressSubject, hit, keyedHash, scaledLimit, tooManyRequests, windowKey } from './rate-limit';
import { RATE_LIMITS } from './rate-limit-rules';
import { formatWait } from '@bedriftstorget/core/format/nb';
import { auth } from '@bedriftstorget/core/texts/nb';

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
  /** The ceiling per address, in the one table of fixed-window limits. */
  perAddress: RATE_LIMITS.signInFailuresPerAddress,
};

/**
 * By network (an IPv6 /64 whole), so a guesser cannot start a fresh pair from each address of its /64;
 * keyed with the RateLimitKey (decision 134): a plain hash of address and network was found again by
 * hashing candidates. The 'signin-pair-h:' prefix tells these rows from the plain ones the backfill removes.
 */
function pairKey(ctx: Pick<Context, 'config'>, email: string, ip: string): string {
  return `${SIGN_IN_PAIR_PREFIX}${keyedHash(ctx.config, `${email}\n${networkKey(ip)}`)}`;
}

export const SIGN_IN_PAIR_PREFIX = 'signin-pair-h:';

/** How long the pair must wait after its last failure before the next try. */
export function backOffMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(SIGN_IN.firstDelayMs * 2 ** (failures - free), SIGN_IN.maxDelayMs);
}

const refuse = (waitMs: number) => tooManyRequests(auth.signInWait(formatWait(waitMs)), waitMs);

async function pairFailures(ctx: Context, key: string, now: number): Promise<{ failures: number; last: number }> {
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || now - row.windowStartedAt.getTime() > SIGN_IN.forgetAfterMs) return { failures: 0, last: 0 };
  return { failures: row.hits, last: row.windowStartedAt.getTime() };
}

/** Refuses the attempt while this network must wait for this address, or the address is under a spread-out attack. */
export async function checkSignIn(ctx: Context, email: string, now = Date.now()): Promise<void> {
  const { failures, last } = await pairFailures(ctx, pairKey(ctx, email, ctx.ip), now);
  // The free failures scale with RATE_LIMIT_MULTIPLIER as the table's limits do; the delays do not.
  const wait = last + backOffMs(failures, SIGN_IN.freeFailures * ctx.config.rateLimitMultiplier) - now;
  if (wait > 0) throw refuse(wait);
  if (failures === 0) return;
  const { key, windowStart } = windowKey(SIGN_IN.perAddress, addressSubject(ctx.config, email), now);
  const [row] = await ctx.db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key));
  if ((row?.hits ?? 0) >= scaledLimit(SIGN_IN.perAddress, ctx.config)) throw refuse(windowStart.getTime() + SIGN_IN.perAddress.windowMs - now);
}

/**
 * Counts a wrong password for the pair (restarting a forgotten count) and for the address; returns
 * how long the pair must now wait (0 while the failures are free), for the answer to say.
 */
export async function recordSignInFailure(ctx: Context, email: string, now = Date.now()): Promise<number> {
  const key = pairKey(ctx, email, ctx.ip);
  await ctx.db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStartedAt, new Date(now - SIGN_IN.forgetAfterMs))));
  await ctx.db
    .insert(rateLimits)
    .values({ key, windowStartedAt: new Date(now), hits: 1 })
    .onDuplicateKeyUpdate({ set: { hits: sql`${rateLimits.hits} + 1`, windowStartedAt: new Date(now) } });
  await hit(ctx.db, SIGN_IN.perAddress, addressSubject(ctx.config, email), now);
  const { failures } = await pairFailures(ctx, key, now);
  return backOffMs(failures, SIGN_IN.freeFailures * ctx.config.rateLimitMultiplier);
}

/** The right password clears this network's count for the address. */
export async function clearSignInFailures(ctx: Context, email: string): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, pairKey(ctx, email, ctx.ip)));
}
