/**
 * The commonest search, one word newest first, reads its pages from the word's dated terms by a
 * statement built once per first or later page (decision 155), number of spellings and filters
 * present (decision 156), and the
 * plan's word counts by a statement built once per scope and kind of match. They must be the pages
 * the general read gives, with as many statements, public listings only; and the rows of every
 * prepared read are decoded as drizzle decodes them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { requestServices } from '@bedriftstorget/api/context';
import { preparedSearchPages, preparedSortPages } from '@bedriftstorget/api/listing/prepared-pages';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { rememberCommon } from '@bedriftstorget/api/listing/common-tokens';
import { planSearch, searchCosts } from '@bedriftstorget/api/listing/search';
import { tokenInfo } from '@bedriftstorget/api/listing/term-counts';
import { runInRequestScope } from '@bedriftstorget/api/observability/request-scope';
import { createHarness, db, signedInUser, visitorCaller } from './harness';
import { createListing, uniqueWord } from './fixtures';
import { eq } from 'drizzle-orm';

const h = createHarness();

afterEach(() => {
  preparedSearchPages.enabled = true;
  preparedSortPages.enabled = true;
  searchCosts.termReadFactor = 3;
});

/** The same walk with every page built once, then read the general way. */
async function bothWays(q: string, limit: number, filters: Record<string, unknown>) {
  const prepared = await pages(q, limit, filters);
  preparedSearchPages.enabled = false;
  preparedSortPages.enabled = false;
  const general = await pages(q, limit, filters);
  preparedSearchPages.enabled = true;
  preparedSortPages.enabled = true;
  return { prepared, general };
}

/** Every page of a search, each page's ids and the statements it sent. */
async function pages(q: string, limit: number, filters: Record<string, unknown> = {}) {
  // Counted afresh each walk; clearing the counts forgets the common words too, so the word is named common again.
  clearCountCache();
  for (const word of q.split(' ')) rememberCommon('public', word);
  const seen: { ids: string[]; statements: number }[] = [];
  let cursor: string | undefined;
  for (let pageNo = 0; pageNo < 30; pageNo += 1) {
    const { page, statements } = await runInRequestScope(async (scope) => {
      const read = await visitorCaller(requestServices(h, scope)).listing.browse({ q, limit, cursor, ...filters });
      return { page: read, statements: scope.dbRoundTrips };
    });
    seen.push({ ids: page.items.map((item) => item.id), statements });
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error(`${q}: no last page after 30 pages`);
}

describe('a common word\'s pages from a statement built once (decision 155)', () => {
  it('are the pages the general read gives, with as many statements, public listings only', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const hourAgo = Date.now() - 3_600_000;
    // Ties on the date, one listing that is not public, one that does not have the word.
    const ids: string[] = [];
    for (const at of [0, 0, 0, 1_000, 2_000, -5_000, 60_000]) ids.push(await createListing(userId, { title: `Butikk ${word}`, createdAt: new Date(hourAgo + at), images: 0 }));
    const hidden = await createListing(userId, { title: `Butikk ${word}`, status: 'pending', images: 0 });
    await createListing(userId, { title: 'Butikk uten ordet', images: 0 });
    rememberCommon('public', word);
    const plan = await planSearch(db, word);
    expect(plan.kind === 'walk' && plan.tokens[0]!.words).toEqual([word]);

    for (const limit of [1, 2, 3, 48]) {
      const prepared = await pages(word, limit);
      preparedSearchPages.enabled = false;
      const general = await pages(word, limit);
      preparedSearchPages.enabled = true;
      expect(prepared, `pages of ${limit}`).toEqual(general);
      expect(prepared.flatMap((page) => page.ids).sort()).toEqual([...ids].sort());
      expect(prepared.flatMap((page) => page.ids)).not.toContain(hidden);
    }
  });

  it('are the pages the general read gives for a word of several spellings, and with filters (decision 156)', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const hourAgo = Date.now() - 3_600_000;
    const made = async (title: string, at: number, fields: Parameters<typeof createListing>[1] = {}) => createListing(userId, { title, createdAt: new Date(hourAgo + at), images: 0, ...fields });
    // The token matches two words, `word` and `${word}salong`; one listing has both.
    const both = await made(`${word} og ${word}salong`, 0, { industry: 'restaurant', location: 'Bergen', price: 2_000_000 });
    const bergen = await made(`Salong ${word}`, 0, { industry: 'services', location: 'Bergen', price: 900_000 });
    const secret = await made(`${word}salong`, 1_000, { industry: 'services', location: 'Voss', confidential: true, price: 3_000_000 });
    const oslo = await made(`${word}salong i byen`, -5_000, { industry: 'services', location: 'Oslo', price: 2_500_000, underOfferAt: new Date(hourAgo) });
    const hidden = await made(`${word}salong`, 2_000, { status: 'pending', location: 'Bergen' });
    rememberCommon('public', word);
    const plan = await planSearch(db, word);
    expect(plan.kind === 'walk' && plan.tokens[0]!.words?.sort()).toEqual([word, `${word}salong`].sort());

    const cases: [Record<string, unknown>, string[]][] = [
      [{}, [both, bergen, secret, oslo]],
      [{ industry: 'services' }, [bergen, secret, oslo]],
      [{ location: 'Bergen' }, [both, bergen]],
      [{ location: 'Vestland', minPrice: 1_000_000 }, [both, secret]],
      [{ maxPrice: 2_500_000, hideUnderOffer: true }, [both, bergen]],
    ];
    for (const [filters, expected] of cases) {
      for (const limit of [1, 2, 48]) {
        const { prepared, general } = await bothWays(word, limit, filters);
        const what = `${JSON.stringify(filters)}, pages of ${limit}`;
        expect(prepared, what).toEqual(general);
        expect(prepared.flatMap((page) => page.ids).sort(), what).toEqual([...expected].sort());
        expect(prepared.flatMap((page) => page.ids), what).not.toContain(hidden);
      }
    }
  });

  it('are the pages the general read gives for two common words, dated or walked on a sort\'s index (decision 156)', async () => {
    const { userId } = await signedInUser(h);
    const [word, second] = [uniqueWord(), uniqueWord()];
    const hourAgo = Date.now() - 3_600_000;
    const made = async (title: string, at: number, price: number | null) => createListing(userId, { title, createdAt: new Date(hourAgo + at), price, images: 0 });
    const both = [await made(`${word} ${second}`, 0, 2_000_000), await made(`${word}salong ${second}`, 0, null), await made(`${second} ${word}`, 5_000, 900_000)];
    await made(`${word} alene`, 1_000, 1_000_000);
    await made(`${second} alene`, 2_000, 1_000_000);
    const q = `${word} ${second}`;
    for (const factor of [3, 0]) {
      // 0: every common word is walked on the sort's index instead of read from its terms.
      searchCosts.termReadFactor = factor;
      for (const filters of [{}, { sort: 'price_asc' }, { sort: 'price_desc', maxPrice: 1_000_000 }, { location: 'Oslo' }]) {
        for (const limit of [1, 2, 48]) {
          const { prepared, general } = await bothWays(q, limit, filters);
          const what = `factor ${factor}, ${JSON.stringify(filters)}, pages of ${limit}`;
          expect(prepared, what).toEqual(general);
          const expected = 'maxPrice' in filters ? [both[2]] : both;
          expect(prepared.flatMap((page) => page.ids).sort(), what).toEqual([...expected].sort());
        }
      }
    }
  });

  it('are the pages the general read gives for a word of too many spellings to name, walked by its match (decision 156)', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    // 17 spellings: more than the counts name (MAX_EXPANSION), so each listing is checked with LIKE.
    const spellings = 'abdefghijklmnoprs'.split('').map((letter) => `${word}${letter}`);
    const ids = [await createListing(userId, { title: 'Mange ord', description: spellings.join(' '), images: 0 }), await createListing(userId, { title: `${word}t til salgs`, price: 5, images: 0 })];
    await createListing(userId, { title: 'Uten ordet', images: 0 });
    const plan = await planSearch(db, word);
    expect(plan.kind !== 'none' && plan.kind !== 'empty' && plan.tokens[0]!.words).toBe(null);
    searchCosts.termReadFactor = 0;
    for (const filters of [{}, { sort: 'price_asc' }]) {
      const { prepared, general } = await bothWays(word, 1, filters);
      expect(prepared, JSON.stringify(filters)).toEqual(general);
      expect(prepared.flatMap((page) => page.ids).sort()).toEqual([...ids].sort());
    }
  });

  it('decodes a card as the general read does: dates, amounts and the first image', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const id = await createListing(userId, { title: `Verksted ${word}`, price: 1_250_000, revenue: null, createdAt: new Date('2026-01-02T03:04:05.000Z'), images: 1 });
    await db.update(listings).set({ underOfferAt: new Date('2026-02-03T04:05:06.000Z') }).where(eq(listings.id, id));
    rememberCommon('public', word);
    const card = async () => (await visitorCaller(h).listing.browse(browseInputSchema.parse({ q: word }))).items;
    const prepared = await card();
    preparedSearchPages.enabled = false;
    const general = await card();
    expect(prepared).toEqual(general);
    expect(prepared[0]).toMatchObject({ id, price: 1_250_000, revenue: null, createdAt: '2026-01-02T03:04:05.000Z' });
    expect(prepared[0]!.imageUrl).toBeTruthy();
  });

  it('counts a token\'s words by each kind of match: a short word, a prefix, a prefix and its stem', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    // 'kafeen' also matches its stem 'kafe' (decision 148); a two-letter token matches itself only.
    await createListing(userId, { title: `${word} kafé og ${word}er`, images: 0 });
    await createListing(userId, { title: `${word}ene i kafeen`, images: 0 });
    const [info] = await tokenInfo(db, [word], 'public');
    expect(info!.words?.sort()).toEqual([word, `${word}ene`, `${word}er`].sort());
    expect(info!.n).toBe(3);
    const [stemmed] = await tokenInfo(db, ['kafeen'], 'public');
    expect(stemmed!.words).toEqual(expect.arrayContaining(['kafe']));
    const [short] = await tokenInfo(db, ['og'], 'any');
    expect(short!.words === null || short!.words.every((w) => w === 'og')).toBe(true);
  });
});
