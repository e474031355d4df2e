/**
 * The limits a call counts in one statement and checks inside its write (decision 092), against
 * real MySQL: counted once per call, compared as `hit` compares (exactly `limit` calls pass), item
 * rows counted as rows with LIKE's wild cards in a key taken literally, the wait until the window
 * ends as Retry-After, and an item's row taken back when its call was refused for another reason.
 * Each test uses rules of its own names, so their windows share no rows.
 */
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { eq, like, sql, type SQL } from 'drizzle-orm';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import { RetryLater } from '@bedriftstorget/api/auth/rate-limit';
import type { RateLimitRule } from '@bedriftstorget/api/auth/rate-limit-rules';
import { counter, countAll, perItem, refuseIfOver, uncountItem, withinLimits, type Counted } from '@bedriftstorget/api/auth/rate-limit-batch';
import type { Context } from '@bedriftstorget/api/context';
import { db } from './harness';

const MINUTE = 60_000;
/** 123.4 s before the end of a 10-minute window: Retry-After is 124. */
const NOW = 1_000 * 10 * MINUTE + 10 * MINUTE - 123_400;

const rule = (name: string, limit: number): RateLimitRule => ({ name, limit, windowMs: 10 * MINUTE, keyedBy: 'user', message: `for mange: ${name}` });
const ctx = (userId: string) => ({ ip: '192.0.2.1', user: { id: userId }, config: { rateLimitMultiplier: 1 } }) as unknown as Pick<Context, 'ip' | 'user' | 'config'>;
const alice = ctx('alice');

/** The WHERE of a guarded write, read on its own. */
async function holds(condition: SQL): Promise<boolean> {
  const [row] = await db.select({ ok: sql<number | string>`(${condition})` }).from(sql`(SELECT 1) AS one`);
  return Number(row?.ok) === 1;
}

/** What refuseIfOver throws: the rule's message and the Retry-After seconds, or null when it lets the call through. */
async function refusal(counted: Counted[], now = NOW): Promise<{ message: string; retryAfter: number | null } | null> {
  try {
    await refuseIfOver(db, counted, now);
    return null;
  } catch (error) {
    if (!(error instanceof TRPCError) || error.code !== 'TOO_MANY_REQUESTS') throw error;
    return { message: error.message, retryAfter: error.cause instanceof RetryLater ? error.cause.seconds : null };
  }
}

async function hitsOf(key: string): Promise<number | null> {
  const [row] = await db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key));
  return row?.hits ?? null;
}

describe('limits counted in one statement (rate-limit-batch)', () => {
  it('lets exactly `limit` calls of a counter through and refuses the next, with the wait until the window ends', async () => {
    const r = rule('batch-counter', 3);
    for (let call = 1; call <= 3; call++) {
      const c = [counter(alice, r, NOW)];
      await countAll(db, c);
      expect(await holds(withinLimits(c))).toBe(true);
      expect(await refusal(c)).toBeNull();
    }
    const fourth = [counter(alice, r, NOW)];
    await countAll(db, fourth);
    expect(await holds(withinLimits(fourth))).toBe(false);
    expect(await refusal(fourth)).toEqual({ message: 'for mange: batch-counter', retryAfter: 124 });
    // Another user's counter of the same rule is a row of its own.
    const bob = [counter(ctx('bob'), r, NOW)];
    await countAll(db, bob);
    expect(await holds(withinLimits(bob))).toBe(true);
  });

  it('lets exactly `limit` items through and refuses the next; a resent item counts once', async () => {
    const r = rule('batch-items', 2);
    for (const item of ['m1', 'm2', 'm2']) {
      const c = [perItem(alice, r, item, NOW)];
      await countAll(db, c);
      expect(await holds(withinLimits(c))).toBe(true);
      expect(await refusal(c)).toBeNull();
    }
    const third = [perItem(alice, r, 'm3', NOW)];
    await countAll(db, third);
    expect(await holds(withinLimits(third))).toBe(false);
    expect(await refusal(third)).toEqual({ message: 'for mange: batch-items', retryAfter: 124 });
  });

  it('takes back a refused item, so the sender is under the limit again', async () => {
    const r = rule('batch-uncount', 1);
    const first = perItem(alice, r, 'kept', NOW);
    const refused = perItem(alice, r, 'refused', NOW);
    await countAll(db, [first]);
    await countAll(db, [refused]);
    expect(await refusal([refused])).not.toBeNull();
    await uncountItem(db, refused);
    expect(await hitsOf(refused.rowKey)).toBeNull();
    expect(await hitsOf(first.rowKey)).toBe(1);
    expect(await holds(withinLimits([refused]))).toBe(true);
    expect(await refusal([refused])).toBeNull();
  });

  it("counts one hit on each row per call, item rows and counters alike, whatever the order they're given in", async () => {
    const items = rule('batch-once-items', 5);
    const calls = rule('batch-once-calls', 5);
    const mixed = [counter(alice, calls, NOW), perItem(alice, items, 'one', NOW), counter(alice, rule('batch-once-other', 5), NOW)];
    await countAll(db, mixed);
    expect(await Promise.all(mixed.map((c) => hitsOf(c.rowKey)))).toEqual([1, 1, 1]);
    await countAll(db, mixed);
    expect(await Promise.all(mixed.map((c) => hitsOf(c.rowKey)))).toEqual([2, 2, 2]);
  });

  it('checks each of a mix against its own rule: counter over with items under, and items over with the counter under', async () => {
    const calls = rule('batch-mix-calls', 1);
    const items = rule('batch-mix-items', 1);
    const first = [perItem(alice, items, 'a', NOW), counter(alice, calls, NOW)];
    await countAll(db, first);
    expect(await holds(withinLimits(first))).toBe(true);
    expect(await refusal(first)).toBeNull();

    // A resend of item a: the item rule still holds (one row), the counter is at 2 > 1.
    const resend = [perItem(alice, items, 'a', NOW), counter(alice, calls, NOW)];
    await countAll(db, resend);
    expect(await holds(withinLimits(resend))).toBe(false);
    expect(await refusal(resend)).toEqual({ message: 'for mange: batch-mix-calls', retryAfter: 124 });

    // Items over (two rows > 1) beside a counter of another rule that is under.
    const roomy = rule('batch-mix-roomy', 10);
    const second = [counter(alice, roomy, NOW), perItem(alice, items, 'b', NOW)];
    await countAll(db, second);
    expect(await holds(withinLimits(second))).toBe(false);
    expect(await refusal(second)).toEqual({ message: 'for mange: batch-mix-items', retryAfter: 124 });
    expect(await holds(withinLimits([second[0]!]))).toBe(true);
  });

  it("takes LIKE's wild cards in a key literally: rows that '_' or '%' would match are not counted", async () => {
    const r = rule('batch_wild%', 1);
    const mine = perItem(alice, r, 'mine', NOW);
    // Rows an unescaped prefix would match: 'x' where the key has '_', more characters where it has '%'.
    const lookalikes = [mine.key.replace('batch_wild%', 'batchxwild%'), mine.key.replace('batch_wild%', 'batch_wildmore')];
    await db.insert(rateLimits).values(lookalikes.map((key) => ({ key: `${key}:other`, windowStartedAt: mine.windowStart, hits: 1 })));
    expect(await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'batch%wild%'))).toHaveLength(2);
    await countAll(db, [mine]);
    expect(await holds(withinLimits([mine]))).toBe(true);
    expect(await refusal([mine])).toBeNull();
    // Its own rows are counted all the same.
    const next = perItem(alice, r, 'next', NOW);
    await countAll(db, [next]);
    expect(await holds(withinLimits([next]))).toBe(false);
    expect(await refusal([next])).toEqual({ message: 'for mange: batch_wild%', retryAfter: 124 });
  });

  it('asks nothing of an empty list: no statement, and a write it guards is let through', async () => {
    await expect(countAll(db, [])).resolves.toBeUndefined();
    expect(await holds(withinLimits([]))).toBe(true);
    expect(await refusal([])).toBeNull();
  });

  it('waits at least a second at the very end of a window', async () => {
    const r = rule('batch-end', 1);
    const end = 1_001 * 10 * MINUTE - 1;
    const c = [counter(alice, r, end)];
    await countAll(db, c);
    await countAll(db, c);
    expect(await refusal(c, end)).toEqual({ message: 'for mange: batch-end', retryAfter: 1 });
  });
});
