import { describe, expect, it } from 'vitest';
import { cachedCount, clearCountCache } from '@bedriftstorget/api/listing/count-cache';

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
});
