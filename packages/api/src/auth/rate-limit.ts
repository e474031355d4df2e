import { createHash, createHmac } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import type { Config } from '../config';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { networkKey } from '../http/network';
import type { RateLimitRule } from './rate-limit-rules';

export type { RateLimitRule } from './rate-limit-rules';

type Counter = Pick<RateLimitRule, 'name' | 'limit' | 'windowMs'>;

/** Longer subjects (an address may have 255 characters) are hashed, so the window's number always fits the key. */
const MAX_PLAIN_SUBJECT = 64;

/**
 * What the rows that count by address are keyed by (decision 134): an HMAC of the address with the
 * RateLimitKey secret, so the table names nobody — a plain hash of an address is found again by
 * hashing a list of addresses. 'h-' and 56 hex digits (224 bits) stay under MAX_PLAIN_SUBJECT.
 */
export function addressSubject(config: Pick<Config, 'rateLimitKey'>, email: string): string {
  return `h-${keyedHash(config, email).slice(0, 56)}`;
}

/** HMAC-SHA256 in hex with the RateLimitKey; refuses to run without one rather than key by a known value. */
export function keyedHash(config: Pick<Config, 'rateLimitKey'>, text: string): string {
  if (config.rateLimitKey.length < 16) throw new Error('RateLimitKey is not set: the rate limits that count by address cannot run');
  return createHmac('sha256', config.rateLimitKey).update(text).digest('hex');
}

/** Fixed windows: the window's number is part of the key, so one atomic upsert counts a hit. */
export function windowKey(rule: Pick<Counter, 'name' | 'windowMs'>, subject: string, now: number): { key: string; windowStart: Date } {
  const index = Math.floor(now / rule.windowMs);
  const part = subject.length > MAX_PLAIN_SUBJECT ? createHash('sha256').update(subject).digest('hex') : subject;
  return { key: `${rule.name}:${part}:${index}`, windowStart: new Date(index * rule.windowMs) };
}

/** Counts one hit and returns whether it is within the limit. */
export async function hit(db: Database, rule: Counter, subject: string, now = Date.now()): Promise<boolean> {
  const { key, windowStart } = windowKey(rule, subject, now);
  await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: windowStart, hits: 1 })
    .onDuplicateKeyUpdate({ set: { hits: sql`${rateLimits.hits} + 1` } });
  const [row] = await db.select({ hits: rateLimits.hits }).from(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  return (row?.hits ?? 0) <= rule.limit;
}

/** A rule's limit here: RATE_LIMIT_MULTIPLIER scales every rule alike (1 in the cloud). */
export function scaledLimit(rule: Pick<RateLimitRule, 'limit'>, config: Pick<Config, 'rateLimitMultiplier'>): number {
  return rule.limit * config.rateLimitMultiplier;
}

/** The cause of a TOO_MANY_REQUESTS: how long until a retry can pass, sent as Retry-After. */
export class RetryLater extends Error {
  constructor(readonly seconds: number) {
    super(`retry after ${seconds} s`);
  }
}

export function tooManyRequests(message: string, waitMs: number): TRPCError {
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message, cause: new RetryLater(Math.max(1, Math.ceil(waitMs / 1000))) });
}

/** The Retry-After of an answer: the longest wait among its refused calls (a batch may have several), else null. */
export function retryAfterSeconds(errors: readonly TRPCError[]): number | null {
  const waits = errors.map((e) => (e.cause instanceof RetryLater ? e.cause.seconds : 0));
  const longest = Math.max(0, ...waits);
  return longest > 0 ? longest : null;
}

/** What a rule counts this caller by: the table says, the call site cannot pick something else. */
export function subjectOf(ctx: Pick<Context, 'ip' | 'user'> & { config: Pick<Config, 'rateLimitKey'> }, rule: RateLimitRule, email?: string): string {
  switch (rule.keyedBy) {
    case 'network':
      return networkKey(ctx.ip);
    case 'user':
      if (!ctx.user) throw new Error(`rate limit ${rule.name} counts signed-in users only`);
      return ctx.user.id;
    case 'email':
      if (!email) throw new Error(`rate limit ${rule.name} needs the address it counts`);
      return addressSubject(ctx.config, email);
  }
}

/**
 * Counts a hit for the caller (or for `email`, for rules keyed by address) and refuses with
 * TOO_MANY_REQUESTS and the rule's message past the scaled limit, until the window ends.
 */
export async function enforceLimit(ctx: Context, rule: RateLimitRule, email?: string, now = Date.now()): Promise<void> {
  const subject = subjectOf(ctx, rule, email);
  if (await hit(ctx.db, { ...rule, limit: scaledLimit(rule, ctx.config) }, subject, now)) return;
  const { windowStart } = windowKey(rule, subject, now);
  throw tooManyRequests(rule.message, windowStart.getTime() + rule.windowMs - now);
}
