import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { LocalCache } from '@bedriftstorget/api/http/local-cache';
import { dropMark, markVerified } from '@bedriftstorget/api/identity/vipps-mark';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { browseParamsOf, browseQuery, browseSearchParams } from '@bedriftstorget/core/listing/browse-url';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

/**
 * 'Verifiserte selgere' (decision 131): in the URL, server-side in browse and its count with exact
 * totals (words, industry, paging, every sort), following the mark as it comes and goes, keyed apart
 * in the shared cache, and read newest first from its own index.
 */
const h = createHarness();
const word = uniqueWord();
let verifiedSeller: Awaited<ReturnType<typeof signedInUser>>;
let otherSeller: Awaited<ReturnType<typeof signedInUser>>;
const ids = { verified: [] as string[], plain: [] as string[] };

beforeAll(async () => {
  [verifiedSeller, otherSeller] = await Promise.all([signedInUser(h), signedInUser(h)]);
  for (let i = 0; i < 5; i += 1) ids.verified.push(await createListing(verifiedSeller.userId, { title: `Verifisert ${word} ${i}`, industry: i < 2 ? 'craft' : 'retail', price: 1_000_000 + i }));
  for (let i = 0; i < 4; i += 1) ids.plain.push(await createListing(otherSeller.userId, { title: `Uverifisert ${word} ${i}`, industry: 'craft', price: 2_000_000 + i }));
  await createListing(verifiedSeller.userId, { title: `Venter ${word}`, status: 'pending' });
  // As 'Verifiser deg med Vipps' does: the identity and the mark beside every listing of the person.
  await markVerified(db, verifiedSeller.userId, { sub: `sub-${verifiedSeller.userId}`, name: 'Vera Selger', phone: null });
  clearCountCache();
});

const caller = () => visitorCaller(h);

describe('the URL', () => {
  it('is selger=verifisert, and off is no parameter at all (the unfiltered URL stays the cache key it was)', () => {
    const params = browseParamsOf(new URLSearchParams('q=kafe&selger=verifisert'));
    expect(params.verifiedSellers).toBe(true);
    expect(browseSearchParams(params).toString()).toBe('q=kafe&selger=verifisert');
    expect(browseQuery(params).verifiedSellers).toBe(true);
    const off = browseParamsOf(new URLSearchParams('q=kafe&selger=noe'));
    expect(off.verifiedSellers).toBe(false);
    expect(Object.keys(browseQuery(off)).filter((key) => browseQuery(off)[key as keyof ReturnType<typeof browseQuery>] !== undefined)).not.toContain('verifiedSellers');
  });
});

describe('browse and its count', () => {
  it('finds only verified sellers’ public listings, with exact totals beside words and industry', async () => {
    const page = await caller().listing.browse({ q: word, verifiedSellers: true });
    expect(page.items.map((card) => card.id).sort()).toEqual([...ids.verified].sort());
    expect(page.items.every((card) => card.sellerVerified)).toBe(true);
    expect(page.total).toBe(5);
    expect(await caller().listing.browseCount({ q: word, verifiedSellers: true })).toBe(5);
    expect(await caller().listing.browseCount({ q: word, verifiedSellers: true, industry: 'craft' })).toBe(2);
    expect((await caller().listing.browse({ q: word })).total).toBe(9);
  });

  it('pages through every sort without losing or repeating a listing', async () => {
    for (const sort of ['newest', 'popular', 'price_asc', 'price_desc', 'revenue_asc', 'revenue_desc'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await caller().listing.browse({ q: word, verifiedSellers: true, sort, limit: 2, cursor });
        seen.push(...page.items.map((card) => card.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect([sort, seen.sort()]).toEqual([sort, [...ids.verified].sort()]);
    }
  });

  it('without words: the total is every public listing of a verified seller, newest first from the filter’s own index', async () => {
    const [row] = await db.select({ n: count() }).from(listings).where(and(eq(listings.isPublic, true), eq(listings.sellerVerified, true)));
    expect(await caller().listing.browseCount({ verifiedSellers: true })).toBe(row!.n);
    const newest = await caller().listing.browse({ verifiedSellers: true, limit: 3 });
    expect(newest.items.map((card) => card.id)).toEqual([...ids.verified].reverse().slice(0, 3));
    const explained: unknown = await db.execute(sql`EXPLAIN SELECT id FROM listings FORCE INDEX (listings_browse_verified_idx) WHERE is_public = 1 AND seller_verified = 1 ORDER BY created_at DESC, id DESC LIMIT 13`);
    const [plan] = explained as [{ key: string | null; Extra: string | null }[]];
    expect(plan[0]).toMatchObject({ key: 'listings_browse_verified_idx' });
    expect(plan[0]!.Extra ?? '').not.toMatch(/filesort/i);
  });

  it('follows the mark: a name change drops the seller’s listings from the filter, verifying again brings them back', async () => {
    await dropMark(db, verifiedSeller.userId);
    clearCountCache();
    expect((await caller().listing.browse({ q: word, verifiedSellers: true })).items).toEqual([]);
    await markVerified(db, verifiedSeller.userId, { sub: `sub-${verifiedSeller.userId}`, name: 'Vera Selger', phone: null });
    clearCountCache();
    expect((await caller().listing.browse({ q: word, verifiedSellers: true })).total).toBe(5);
  });
});

describe('the shared cache', () => {
  let server: Server;
  let base = '';
  const cache = new LocalCache();
  beforeAll(async () => {
    server = createLocalServer({ services: h, web: { middlewares: (_req, res) => res.writeHead(404).end() }, cache });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps the filtered and the unfiltered answer apart, each public and served as its own', async () => {
    const url = (input: object) => `${base}/trpc/listing.browse?input=${encodeURIComponent(JSON.stringify(input))}`;
    const ask = async (input: object) => {
      const response = await fetch(url(input));
      const body = (await response.json()) as { result: { data: { items: { id: string }[] } } };
      return { cacheControl: response.headers.get('cache-control'), ids: body.result.data.items.map((item) => item.id).sort() };
    };
    const all = await ask({ q: word });
    const verified = await ask({ q: word, verifiedSellers: true });
    expect(all.cacheControl).toMatch(/public/);
    expect(verified.cacheControl).toMatch(/public/);
    expect(all.ids).toEqual([...ids.verified, ...ids.plain].sort());
    expect(verified.ids).toEqual([...ids.verified].sort());
    expect(cache.size).toBe(2);
    // Asked again: each from its own entry, never the other's.
    expect((await ask({ q: word, verifiedSellers: true })).ids).toEqual(verified.ids);
    expect((await ask({ q: word })).ids).toEqual(all.ids);
    expect(cache.size).toBe(2);
  });
});
