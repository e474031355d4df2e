import { inArray, sql, type SQL } from 'drizzle-orm';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { retryOnDeadlock } from '../db/errors';
import { scaledLimit, subjectOf, tooManyRequests, windowKey } from './rate-limit';
import type { RateLimitRule } from './rate-limit-rules';

/**
 * Several limits of one call counted in one statement and checked inside the write they guard
 * (decision 092): over PlanetScale's HTTP driver each `enforceLimit` is two round trips in turn
 * (the upsert, then the read of the count), each limit more requests. Here the upsert of every
 * counter is one multi-row statement sent beside the call's reads, and the counts are read by the
 * write itself (`withinLimits` in its WHERE), so a call within its limits waits for neither.
 * The semantics are `hit`'s: counted first, then compared, so calls at once are refused early at
 * worst, never let through past a limit.
 *
 * Two kinds of counter:
 * - `counter`: one row per window whose hits go up by one per call (rate-limit.ts's windows);
 * - `perItem`: one row per window and item (a message's client id), counted as rows, so a resend or
 *   two tabs sending the same item at once count once — which a counter could only do under a lock.
 */
export interface Counted {
  rule: RateLimitRule;
  kind: 'counter' | 'perItem';
  /** The counter's key, or for `perItem` the window's prefix of the item rows' keys. */
  key: string;
  /** The row this call writes: the counter itself, or the item's own row. */
  rowKey: string;
  windowStart: Date;
  limit: number;
}

export function counter(ctx: Pick<Context, 'ip' | 'user' | 'config'>, rule: RateLimitRule, now: number): Counted {
  const { key, windowStart } = windowKey(rule, subjectOf(ctx, rule), now);
  return { rule, kind: 'counter', key, rowKey: key, windowStart, limit: scaledLimit(rule, ctx.config) };
}

/** `item` is a client-chosen id: a UUID (the schemas say so), so the key stays within its 191 characters. */
export function perItem(ctx: Pick<Context, 'ip' | 'user' | 'config'>, rule: RateLimitRule, item: string, now: number): Counted {
  const { key, windowStart } = windowKey(rule, subjectOf(ctx, rule), now);
  return { rule, kind: 'perItem', key, rowKey: `${key}:${item}`, windowStart, limit: scaledLimit(rule, ctx.config) };
}

/**
 * Item rows before counters, in the upsert and in `withinLimits` alike: the guarded write's reads take
 * shared locks (INSERT … SELECT under REPEATABLE READ), and a write taking the same rows in another
 * order deadlocked in the 20-messages-at-once test. Deadlocks that remain are rerun (one statement each).
 */
const lockOrder = (counted: Counted[]) => [...counted.filter((c) => c.kind === 'perItem'), ...counted.filter((c) => c.kind === 'counter')];

/** One statement: a row for each, or one more hit on the row already there. */
export async function countAll(db: Database, counted: Counted[]): Promise<void> {
  if (counted.length === 0) return;
  await retryOnDeadlock(() =>
    db
      .insert(rateLimits)
      .values(lockOrder(counted).map((c) => ({ key: c.rowKey, windowStartedAt: c.windowStart, hits: 1 })))
      .onDuplicateKeyUpdate({ set: { hits: sql`${rateLimits.hits} + 1` } }),
  );
}

/** LIKE's wild cards in a key (none in today's names, ids and windows; escaped all the same). */
const likePrefix = (key: string) => `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;

/** Rows of a `perItem` window, read no further than one past the limit. */
function itemsOf(c: Counted): SQL {
  return sql`(SELECT COUNT(*) FROM (SELECT 1 FROM ${rateLimits} WHERE ${rateLimits.key} LIKE ${likePrefix(c.key)} LIMIT ${c.limit + 1}) AS items)`;
}

/** True while every limit holds, for the WHERE of the write they guard (read after `countAll` was answered). */
export function withinLimits(counted: Counted[]): SQL {
  const parts = lockOrder(counted).map((c) =>
    c.kind === 'counter'
      ? sql`COALESCE((SELECT ${rateLimits.hits} FROM ${rateLimits} WHERE ${rateLimits.key} = ${c.key}), 0) <= ${c.limit}`
      : sql`${itemsOf(c)} <= ${c.limit}`,
  );
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/**
 * After a guarded write did not happen, or before another refusal: the first limit passed, in the
 * order given, as TOO_MANY_REQUESTS with the rule's message and the wait until its window ends.
 */
export async function refuseIfOver(db: Database, counted: Counted[], now: number): Promise<void> {
  const counters = counted.filter((c) => c.kind === 'counter');
  const items = counted.filter((c) => c.kind === 'perItem');
  const [rows, ...itemCounts] = await Promise.all([
    counters.length ? db.select({ key: rateLimits.key, hits: rateLimits.hits }).from(rateLimits).where(inArray(rateLimits.key, counters.map((c) => c.key))) : Promise.resolve([]),
    ...items.map((c) => db.select({ n: sql<number>`${itemsOf(c)}`.mapWith(Number) }).from(sql`(SELECT 1) AS one`)),
  ]);
  const hits = new Map(rows.map((row) => [row.key, row.hits]));
  for (const c of counted) {
    const value = c.kind === 'counter' ? (hits.get(c.key) ?? 0) : (itemCounts[items.indexOf(c)]?.[0]?.n ?? 0);
    if (value > c.limit) throw tooManyRequests(c.rule.message, c.windowStart.getTime() + c.rule.windowMs - now);
  }
}

/** Takes back an item's row when what it counted was refused for another reason (nothing was sent). */
export async function uncountItem(db: Database, c: Counted): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${c.rowKey}`);
}
