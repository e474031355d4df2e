import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import type { Context } from '../context';
import type { Database } from '../db/client';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export const rateLimitRules = {
  // Per address: see sign-in-throttle.ts (counted per address and network, so no stranger can lock an owner out).
  signInPerIp: { name: 'signin-ip', limit: 50, windowMs: 15 * 60_000 },
  signUpPerIp: { name: 'signup-ip', limit: 20, windowMs: 60 * 60_000 },
  resetPerEmail: { name: 'reset-email', limit: 3, windowMs: 60 * 60_000 },
  resetPerIp: { name: 'reset-ip', limit: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Fixed windows: the window's number is part of the key, so one atomic upsert counts a hit. */
export function windowKey(rule: RateLimitRule, subject: string, now: number): { key: string; windowStart: Date } {
  const index = Math.floor(now / rule.windowMs);
  return { key: `${rule.name}:${subject}:${index}`.slice(0, 191), windowStart: new Date(index * rule.windowMs) };
}

/** Counts one hit and returns whether it is within the limit. */
export async function hit(db: Database, rule: RateLimitRule, subject: string, now = Date.now()): Promise<boolean> {
  const { key, windowStart } = windowKey(rule, subject, now);
  await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: windowStart, hits: 1 })
    .onDuplicateKeyUpdate({ set: { hits: sql`${rateLimits.hits} + 1` } });
  const [row] = await db.select({ hits: rateLimits.hits }).from(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  return (row?.hits ?? 0) <= rule.limit;
}

/** Counts a hit for `subject` and refuses with TOO_MANY_REQUESTS past the (configured) limit. */
export async function enforceLimit(ctx: Context, rule: RateLimitRule, subject: string, message: string): Promise<void> {
  const scaled = { ...rule, limit: rule.limit * ctx.config.rateLimitMultiplier };
  if (!(await hit(ctx.db, scaled, subject))) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}
