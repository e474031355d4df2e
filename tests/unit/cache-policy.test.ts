import { describe, expect, it } from 'vitest';
import { batchCachePolicy, sharedLifetime } from '@bedriftstorget/api/http/cache-policy';
import { asksPlainJson } from '@bedriftstorget/api/http/format-headers';

/**
 * The cache decisions on their own (decisions 080, 105): each case here is a condition that the
 * API tests only reach together with another one, so breaking it alone went unnoticed.
 */
const publicPaths = ['listing.landing', 'auth.providers'];
const plain = () => new Headers();

describe('batchCachePolicy: public only for a GET of public queries in the plain format', () => {
  it('a GET of public queries is public; one per-user query in the batch makes it private', () => {
    expect(batchCachePolicy('GET', 'query', publicPaths, plain())).toBe('public');
    expect(batchCachePolicy('GET', 'query', [...publicPaths, 'auth.me'], plain())).toBe('private');
  });

  it('each condition alone makes it private: not a GET, not a query, no call, a format header', () => {
    expect(batchCachePolicy('POST', 'query', publicPaths, plain())).toBe('private');
    expect(batchCachePolicy('GET', 'mutation', publicPaths, plain())).toBe('private');
    expect(batchCachePolicy('GET', 'subscription', publicPaths, plain())).toBe('private');
    expect(batchCachePolicy('GET', 'query', [], plain())).toBe('private');
    expect(batchCachePolicy('GET', 'query', publicPaths, new Headers({ 'trpc-accept': 'application/jsonl' }))).toBe('private');
  });
});

describe('asksPlainJson: any header that changes the format, whatever its value', () => {
  it('headers read only for their presence make the answer non-plain without throwing', () => {
    for (const name of ['trpc-accept', 'last-event-id', 'trpc-batch-mode']) expect(asksPlainJson(new Headers({ [name]: 'x' }))).toBe(false);
  });

  it('a JSON content type is plain, with or without parameters; a look-alike is not', () => {
    for (const value of ['application/json', 'application/json; charset=utf-8', 'application/json ; charset=utf-8', 'APPLICATION/JSON']) {
      expect([value, asksPlainJson(new Headers({ 'content-type': value }))]).toEqual([value, true]);
    }
    for (const value of ['application/jsonl', 'application/json-seq', 'text/x-application/json', 'multipart/form-data; boundary=application/json']) {
      expect([value, asksPlainJson(new Headers({ 'content-type': value }))]).toEqual([value, false]);
    }
  });
});

describe('sharedLifetime: a header that forbids sharing wins over public', () => {
  it('public beside private, no-store or no-cache is not kept', () => {
    for (const header of ['public, private, s-maxage=10', 'public, no-store, s-maxage=10', 'public, no-cache, s-maxage=10', 'Public, No-Store, s-maxage=10']) {
      expect([header, sharedLifetime(header)]).toEqual([header, null]);
    }
  });

  it('a negative or missing stale-while-revalidate is no stale time', () => {
    expect(sharedLifetime('public, s-maxage=10, stale-while-revalidate=-5')).toEqual({ fresh: 10, stale: 0 });
    expect(sharedLifetime('public, s-maxage=10, stale-while-revalidate=abc')).toEqual({ fresh: 10, stale: 0 });
    expect(sharedLifetime('public, s-maxage=10')).toEqual({ fresh: 10, stale: 0 });
  });
});
