/**
 * A browse with filters and no words is read by statements built once per sort, index, set of
 * filters present and phase (decision 156), the filters' values filling placeholders. Its pages must
 * be the pages the general read gives, for every filter alone and mixed, in sorts with and without
 * NULLs; a town must still never find a confidential sale; and the shapes kept are bounded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { browseSorts } from '@bedriftstorget/core/listing/schemas';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { preparedSortPages } from '@bedriftstorget/api/listing/prepared-pages';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { preparedShapes, sendPrepared } from '@bedriftstorget/api/db/prepared';
import type { Database } from '@bedriftstorget/api/db/client';
import { createHarness, signedInUser, visitorCaller } from './harness';
import { createListing, uniqueWord } from './fixtures';
import { rememberCommon } from '@bedriftstorget/api/listing/common-tokens';
import { searchCosts } from '@bedriftstorget/api/listing/search';

const h = createHarness();

afterEach(() => {
  preparedSortPages.enabled = true;
  preparedShapes.max = 2000;
  searchCosts.termReadFactor = 3;
});

type Filters = Record<string, unknown>;

/** Every page of one browse, by ids, walked with pages of `limit`. */
async function walk(sort: (typeof browseSorts)[number], filters: Filters, limit: number): Promise<string[][]> {
  clearCountCache();
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let pageNo = 0; pageNo < 30; pageNo += 1) {
    const page = await visitorCaller(h).listing.browse({ sort, limit, cursor, ...filters });
    pages.push(page.items.map((item) => item.id));
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('no last page after 30 pages');
}

async function bothWays(sort: (typeof browseSorts)[number], filters: Filters, limit: number) {
  const prepared = await walk(sort, filters, limit);
  preparedSortPages.enabled = false;
  const general = await walk(sort, filters, limit);
  preparedSortPages.enabled = true;
  return { prepared, general };
}

describe('a filtered browse from statements built once (decision 156)', () => {
  it('keeps at most preparedShapes.max shapes, and still answers past them', async () => {
    // First in the file: no shape is kept for this database yet.
    preparedShapes.max = 1;
    await createListing((await signedInUser(h)).userId, { images: 0 });
    let builds = 0;
    const build = (base: Database) => {
      builds += 1;
      return base.select({ id: listings.id }).from(listings).limit(sql.placeholder('limit'));
    };
    const ids: unknown[] = [];
    for (const shape of ['cap-a', 'cap-b', 'cap-b', 'cap-a']) ids.push(...(await sendPrepared(h.db, shape, build, { limit: 1 })));
    // cap-a is kept; cap-b, past the cap, is built for each of its requests, and answered each time.
    expect(builds).toBe(3);
    expect(ids).toHaveLength(4);
  });

  it('gives the pages the general read gives, for each filter alone and mixed', async () => {
    const { userId } = await signedInUser(h);
    const hourAgo = Date.now() - 3_600_000;
    const made: Record<string, string> = {};
    const rows: [string, Parameters<typeof createListing>[1]][] = [
      ['bergenRestaurant', { industry: 'restaurant', location: 'Bergen', price: 2_000_000, revenue: 5_000_000, profit: 400_000, createdAt: new Date(hourAgo) }],
      ['bergenSecret', { industry: 'restaurant', location: 'Bergen', confidential: true, price: 2_000_000, createdAt: new Date(hourAgo) }],
      ['vossShop', { industry: 'retail', location: 'Voss', price: null, revenue: 1_000_000, profit: -50_000, createdAt: new Date(hourAgo - 1) }],
      ['fordeUnderOffer', { industry: 'restaurant', location: 'Førde', price: 900_000, underOfferAt: new Date(hourAgo), createdAt: new Date(hourAgo + 1) }],
      ['osloVerified', { industry: 'services', location: 'Oslo', price: 5_000_000, revenue: null, sellerVerified: true, createdAt: new Date(hourAgo + 2) }],
      ['osloPlain', { industry: 'services', location: 'Oslo', price: 5_000_000, revenue: 7_000_000, profit: 1_000_000, createdAt: new Date(hourAgo + 2) }],
      // A county typed as the place: found by the county, as typed.
      ['vestlandItself', { industry: 'services', location: 'Vestland', price: 3_000_000, createdAt: new Date(hourAgo - 5) }],
      ['drammen', { industry: 'retail', location: 'Drammen', price: 1_500_000, sellerVerified: true, createdAt: new Date(hourAgo - 60_000) }],
    ];
    for (const [name, fields] of rows) made[name] = await createListing(userId, { images: 0, ...fields });
    const pending = await createListing(userId, { status: 'pending', industry: 'restaurant', location: 'Bergen', images: 0 });

    const cases: [Filters, string[]][] = [
      [{ industry: 'restaurant' }, ['bergenRestaurant', 'bergenSecret', 'fordeUnderOffer']],
      [{ location: 'Bergen' }, ['bergenRestaurant']],
      [{ location: 'bergen', industry: 'restaurant' }, ['bergenRestaurant']],
      [{ location: 'Vestland' }, ['bergenRestaurant', 'bergenSecret', 'vossShop', 'fordeUnderOffer', 'vestlandItself']],
      [{ location: ' hordaland ' }, ['bergenRestaurant', 'bergenSecret', 'vossShop', 'fordeUnderOffer']],
      [{ location: 'Viken', verifiedSellers: true }, ['drammen']],
      [{ minPrice: 1_000_000, maxPrice: 4_000_000 }, ['bergenRestaurant', 'bergenSecret', 'vestlandItself', 'drammen']],
      [{ maxPrice: 1_000_000 }, ['fordeUnderOffer']],
      [{ minRevenue: 2_000_000 }, ['bergenRestaurant', 'osloPlain']],
      [{ minProfit: -100_000, maxProfit: 500_000 }, ['bergenRestaurant', 'vossShop']],
      [{ industry: 'restaurant', hideUnderOffer: true }, ['bergenRestaurant', 'bergenSecret']],
      [{ verifiedSellers: true }, ['osloVerified', 'drammen']],
      [{ location: 'Vestland', industry: 'restaurant', minPrice: 500_000, hideUnderOffer: true }, ['bergenRestaurant', 'bergenSecret']],
    ];
    for (const [filters, expected] of cases) {
      for (const sort of ['newest', 'price_asc', 'revenue_desc'] as const) {
        for (const limit of [1, 2, 48]) {
          const { prepared, general } = await bothWays(sort, filters, limit);
          const what = `${JSON.stringify(filters)}, ${sort}, pages of ${limit}`;
          expect(prepared, what).toEqual(general);
          const ids = prepared.flat();
          expect(ids.sort(), what).toEqual(expected.map((name) => made[name]).sort());
          expect(ids, what).not.toContain(pending);
        }
      }
    }
  });


  it('reads a page of a new shape from statements it builds, and the same shape with other values from them', async () => {
    const { userId } = await signedInUser(h);
    const [word, second] = [uniqueWord(), uniqueWord()];
    for (const industry of ['restaurant', 'retail'] as const) await createListing(userId, { industry, title: `${word} ${second}`, location: 'Bergen', price: 1_000_000, images: 0 });
    rememberCommon('public', word);
    rememberCommon('public', second);
    // Builds of each page's own statements: the plan's word statements are built by a first search.
    const builds = async (input: Filters) => {
      const before = preparedShapes.builds;
      await visitorCaller(h).listing.browse({ sort: 'newest', ...input });
      return preparedShapes.builds - before;
    };
    await builds({ q: word });
    const pairs: [Filters, Filters][] = [
      // Sorts the tests above did not use: their shapes are new here.
      [{ industry: 'restaurant', sort: 'popular' }, { industry: 'retail', sort: 'popular' }],
      [{ location: 'Vestland', sort: 'revenue_asc', minPrice: 5 }, { location: 'Agder', sort: 'revenue_asc', minPrice: 7 }],
      [{ q: word, industry: 'restaurant' }, { q: word, industry: 'retail' }],
      [{ q: `${word} ${second}`, location: 'Bergen' }, { q: `${second} ${word}`, location: 'Voss' }],
    ];
    for (const [first, again] of pairs) {
      expect(await builds(first), JSON.stringify(first)).toBeGreaterThan(0);
      expect(await builds(again), JSON.stringify(again)).toBe(0);
    }
    // Common words walked on a sort's index.
    searchCosts.termReadFactor = 0;
    expect(await builds({ q: `${word} ${second}`, sort: 'price_desc' })).toBeGreaterThan(0);
    expect(await builds({ q: `${second} ${word}`, sort: 'price_desc' })).toBe(0);
  });
});
