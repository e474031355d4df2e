/**
 * Search as people spell (decision 148): c or k, the definite and plural forms and the trades inside
 * compounds find the same listings, through browse as a visitor calls it, with an exact total; a saved
 * search in one spelling is told of a listing in another; and `ops backfill` rewrites an index written
 * by the older rules once.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { adjustTermCounts } from '@bedriftstorget/api/listing/term-counts';
import { matchListing } from '@bedriftstorget/api/saved-search/match';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { SEARCH_INDEX_VERSION } from '@bedriftstorget/core/listing/search-terms';
import { partsOf, stemOf } from '@bedriftstorget/core/listing/spelling';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { refoldTerms } from '../../infra/ops/backfill-search';
import { testDatabaseUrl } from '../setup/test-db';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, slot, visitorCaller } from './harness';

const h = createHarness();
const found = async (q: string) => {
  clearCountCache();
  const page = await visitorCaller(h).listing.browse({ q });
  return { ids: page.items.map((item) => item.id).sort(), total: page.total };
};

describe('the spelling rules', () => {
  it('strip a definite or plural ending only where a word of four letters is left', () => {
    expect(['kafeen', 'kafeer', 'kafeene', 'kafeens'].map(stemOf)).toEqual(['kafe', 'kafe', 'kafe', 'kafe']);
    expect(['frisøren', 'frisører', 'frisørene'].map(stemOf)).toEqual(['frisør', 'frisør', 'frisør']);
    // Too short to be a stem, or not a word: as written.
    expect(['under', 'eter', 'kafe', '2024er', '=sognogfjordane'].map(stemOf)).toEqual(['under', 'eter', 'kafe', '2024er', '=sognogfjordane']);
  });

  it('find the known trades inside a word, never the word itself', () => {
    expect(partsOf('herrefrisørsalong')).toEqual(['frisør', 'salong']);
    expect(partsOf('frisør')).toEqual([]);
    expect(partsOf('barnehage')).toEqual([]);
  });
});

describe('search finds a word however it is spelled (decision 148)', () => {
  it("'kafe', 'kafé', 'cafe', 'café', 'Kafeen' and 'kafeer' find the same listings, with an exact total", async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const ids = [
      await createListing(userId, { title: `Koselig kafé ${word}` }),
      await createListing(userId, { title: `Café ${word} ved torget` }),
      await createListing(userId, { title: `Kafeen ${word} i sentrum` }),
      await createListing(userId, { title: `To kafeer ${word} selges samlet` }),
    ].sort();
    for (const q of ['kafe', 'kafé', 'cafe', 'café', 'Kafeen', 'kafeer', 'KAFEENE']) expect(await found(`${q} ${word}`), q).toEqual({ ids, total: 4 });
  });

  it("'frisør', 'frisøren' and 'frisører' find the trade alone, inflected and inside a compound; 'salong' finds the compound", async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const alone = await createListing(userId, { title: `Frisør ${word} med fast kundekrets` });
    const inflected = await createListing(userId, { title: `Frisøren ${word} på hjørnet` });
    const compound = await createListing(userId, { title: `Herrefrisørsalong ${word} til salgs` });
    const other = await createListing(userId, { title: `Bakeri ${word} med kafé` });
    const all = [alone, inflected, compound].sort();
    for (const q of ['frisør', 'frisøren', 'frisører', 'Frisørene']) expect(await found(`${q} ${word}`), q).toEqual({ ids: all, total: 3 });
    expect(await found(`salong ${word}`)).toEqual({ ids: [compound], total: 1 });
    expect((await found(word)).ids).toEqual([...all, other].sort());
    // Still a search: a word of another trade finds none of them.
    expect(await found(`frisør bakeri ${word}`)).toEqual({ ids: [], total: 0 });
  });

  it("a saved search for 'frisørene' is told of a new listing titled 'Frisør'", async () => {
    const seller = await signedInUser(h);
    const buyer = await signedInUser(h);
    const word = uniqueWord();
    // The search's one word files it (its longest word is its bucket): the stem must be that bucket.
    const saved = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Frisører', alerts: 'instant', filters: { q: 'frisørene' } }));
    const id = await createListing(seller.userId, { status: 'pending', title: `Frisør ${word} i Bodø` });
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, id));
    await syncListingTerms(db, [id]);
    expect(await matchListing(db, id)).toContain(saved.id);
  });
});

describe('ops backfill brings an index written by older rules to the spelling forms', () => {
  it('once: every listing compared, the stale rewritten, the version raised; a second run changes nothing', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const old = await createListing(userId, { title: `Café ${word} og herrefrisørsalong` });
    // As the rules before decision 148 wrote them: c kept, no stems, no trades inside compounds.
    const before = await db.select().from(listingTerms).where(eq(listingTerms.listingId, old));
    const oldTerms = before.map((row) => row.term).filter((term) => !['kafe', 'frisør', 'salong'].includes(term)).concat('cafe');
    await db.delete(listingTerms).where(eq(listingTerms.listingId, old));
    await db.insert(listingTerms).values(oldTerms.map((term) => ({ listingId: old, term, isPublic: true })));
    await adjustTermCounts(db, before, oldTerms.map((term) => ({ term, isPublic: true })));
    await db.update(appSettings).set({ searchIndexVersion: 0 }).where(eq(appSettings.id, 1));
    expect((await found(`kafe ${word}`)).ids).toEqual([]);

    const handle = connectMysql(testDatabaseUrl(slot), 1);
    try {
      expect(await refoldTerms(handle)).toBeGreaterThanOrEqual(1);
      expect(await found(`kafe ${word}`)).toEqual({ ids: [old], total: 1 });
      expect(await found(`frisør ${word}`)).toEqual({ ids: [old], total: 1 });
      const [settings] = await db.select({ version: appSettings.searchIndexVersion }).from(appSettings);
      expect(settings?.version).toBe(SEARCH_INDEX_VERSION);
      const after = await db.select().from(listingTerms).where(inArray(listingTerms.listingId, [old]));
      expect(await refoldTerms(handle)).toBe(0);
      expect(await db.select().from(listingTerms).where(inArray(listingTerms.listingId, [old]))).toEqual(after);
    } finally {
      await handle.close();
    }
  });
});
