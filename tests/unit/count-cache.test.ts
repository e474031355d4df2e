import { describe, expect, it } from 'vitest';
import { cachedCount, clearCountCache, countWithin, createCountCache } from '@bedriftstorget/api/listing/count-cache';

describe('the browse total cache', () => {
  it('runs one query for concurrent misses of the same key and serves it cached afterwards', async () => {
    clearCountCache();
    let queries = 0;
    let release: (n: number) => void = () => undefined;
    const count = () => {
      queries += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 10 }, () => cachedCount('dedupe', count));
    release(42);
    expect(await Promise.all(waiting)).toEqual(Array(10).fill(42));
    expect(await cachedCount('dedupe', count)).toBe(42);
    expect(queries).toBe(1);
  });

  it('asks again once the entry has expired, and after a failure', async () => {
    clearCountCache();
    let queries = 0;
    const count = () => Promise.resolve(++queries);
    expect(await cachedCount('expiry', count, 0)).toBe(1);
    expect(await cachedCount('expiry', count, 14_000)).toBe(1);
    // Not read again in its last seconds: past its 20 s it is counted anew, and waited for.
    expect(await cachedCount('expiry', count, 21_000)).toBe(2);
    await expect(cachedCount('failing', () => Promise.reject(new Error('nede')))).rejects.toThrow('nede');
    expect(await cachedCount('failing', count)).toBe(3);
  });

  /** Decision 056: a page waits for its count only so long. */
  describe('countWithin', () => {
    const after = (ms: number, value: number) => () => new Promise<number>((resolve) => setTimeout(() => resolve(value), ms));

    it('gives a count that comes within the wait', async () => {
      clearCountCache();
      expect(await countWithin('soon', after(5, 7), 200)).toBe(7);
    });

    it('gives null for a slower one, which still runs into the cache for the next caller', async () => {
      clearCountCache();
      let queries = 0;
      const slow = () => {
        queries += 1;
        return after(60, 99)();
      };
      expect(await countWithin('slow', slow, 10)).toBeNull();
      // The caller that asks for the count alone joins the query in flight, then finds it cached.
      expect(await cachedCount('slow', slow)).toBe(99);
      expect(await countWithin('slow', slow, 0)).toBe(99);
      expect(queries).toBe(1);
    });

    it('waits not at all at 0, unless the count is cached', async () => {
      clearCountCache();
      expect(await countWithin('zero', () => Promise.resolve(3), 0)).toBeNull();
      expect(await countWithin('zero', () => Promise.resolve(4), 0)).toBe(3);
    });

    it('fails the request when the count fails within the wait, and only logs it after', async () => {
      clearCountCache();
      await expect(countWithin('broken', () => Promise.reject(new Error('nede')), 200)).rejects.toThrow('nede');
      const logged: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => void logged.push(args);
      try {
        let fail: (error: Error) => void = () => undefined;
        expect(await countWithin('late', () => new Promise<number>((_, reject) => (fail = reject)), 5)).toBeNull();
        fail(new Error('for sent'));
        await new Promise((resolve) => setTimeout(resolve, 10));
        expect(logged).toHaveLength(1);
      } finally {
        console.error = original;
      }
    });
  });

  /** Decision 157: a count read steadily is counted again before it expires, so nobody waits on it. */
  describe('refreshed ahead of its expiry', () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const counter = () => {
      const calls: ((n: number) => void)[] = [];
      const count = () => new Promise<number>((resolve) => calls.push(resolve));
      return { calls, count };
    };

    /** A cache whose key 'k' was counted (1) at 0 ms, and the calls of its count so far. */
    const countedAtZero = async () => {
      const cache = createCountCache();
      const { calls, count } = counter();
      const first = cache.cached('k', count, 0);
      calls[0]!(1);
      expect(await first).toBe(1);
      return { cache, calls, count };
    };

    it('answers the value it has at once in its last 5 s and counts anew in the background, once', async () => {
      const { cache, calls, count } = await countedAtZero();
      expect(await cache.cached('k', count, 15_000)).toBe(1);
      expect(calls).toHaveLength(1);
      // At 16 s: still 1, at once, with one query started for every caller meanwhile.
      expect(await cache.cached('k', count, 16_000)).toBe(1);
      expect(await cache.within('k', count, 0, 17_000)).toBe(1);
      expect(calls).toHaveLength(2);
      calls[1]!(2);
      await settle();
      // Its 20 s count from the new query's start (16 s): fresh until 36 s, then counted and waited for.
      expect(await cache.cached('k', count, 30_000)).toBe(2);
      const late = cache.cached('k', count, 36_000);
      expect(calls).toHaveLength(3);
      calls[2]!(3);
      expect(await late).toBe(3);
    });

    it('never answers a value past its 20 s, however often it was read', async () => {
      const { cache, calls, count } = await countedAtZero();
      // The background query is slow: at 20 s the value is gone, and callers join that query.
      expect(await cache.cached('k', count, 16_000)).toBe(1);
      const joined = cache.cached('k', count, 20_000);
      expect(calls).toHaveLength(2);
      calls[1]!(2);
      expect(await joined).toBe(2);
    });

    it('keeps the value when the background count fails, logs it, and tries again on the next read', async () => {
      const cache = createCountCache();
      const logged: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => void logged.push(args);
      try {
        let fails = true;
        let n = 0;
        const count = () => (fails && n > 0 ? Promise.reject(new Error('nede')) : Promise.resolve(++n));
        n = 0;
        expect(await cache.cached('k', count, 0)).toBe(1);
        expect(await cache.cached('k', count, 16_000)).toBe(1);
        await settle();
        expect(logged).toHaveLength(1);
        fails = false;
        expect(await cache.cached('k', count, 17_000)).toBe(1);
        await settle();
        expect(await cache.cached('k', count, 18_000)).toBe(2);
      } finally {
        console.error = original;
      }
    });

    it('says whether a fresh count is kept, and keeps at most 500, the oldest leaving first', async () => {
      const cache = createCountCache();
      expect(cache.has('k', 0)).toBe(false);
      await cache.cached('k', () => Promise.resolve(1), 0);
      expect([cache.has('k', 19_999), cache.has('k', 20_000)]).toEqual([true, false]);
      for (let i = 1; i < 500; i += 1) await cache.cached(`k${i}`, () => Promise.resolve(i), 0);
      expect(cache.has('k', 1)).toBe(true);
      await cache.cached('k500', () => Promise.resolve(500), 0);
      expect([cache.has('k', 1), cache.has('k1', 1), cache.has('k500', 1)]).toEqual([false, true, true]);
    });

    it('a query started before clear() does not put its older value back', async () => {
      const cache = createCountCache();
      const { calls, count } = counter();
      const before = cache.cached('k', count, 0);
      cache.clear();
      const after = cache.cached('k', count, 0);
      expect(calls).toHaveLength(2);
      calls[1]!(5);
      calls[0]!(4);
      expect(await before).toBe(4);
      expect(await after).toBe(5);
      expect(await cache.cached('k', count, 1_000)).toBe(5);
    });

    it('a query ending after clear() leaves the one started since in flight, for others to join', async () => {
      const cache = createCountCache();
      const { calls, count } = counter();
      const before = cache.cached('k', count, 0);
      cache.clear();
      const after = cache.cached('k', count, 0);
      calls[0]!(4);
      await before;
      const joined = cache.cached('k', count, 0);
      expect(calls).toHaveLength(2);
      calls[1]!(5);
      expect([await after, await joined]).toEqual([5, 5]);
    });
  });
});
