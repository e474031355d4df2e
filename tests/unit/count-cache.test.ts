import { describe, expect, it } from 'vitest';
import { cachedCount, clearCountCache, countWithin } from '@bedriftstorget/api/listing/count-cache';

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
    expect(await cachedCount('expiry', count, 19_000)).toBe(1);
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
});
