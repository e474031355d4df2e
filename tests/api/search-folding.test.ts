/**
 * Search without accents and by former county names (decision 093), through browse as a visitor
 * calls it, and the rebuild of an index written before the folding by `ops backfill`'s steps.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { adjustTermCounts } from '@bedriftstorget/api/listing/term-counts';
import { bucketsOf } from '@bedriftstorget/api/saved-search/buckets';
import { listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { refileSavedSearches, refoldTerms } from '../../infra/ops/backfill-search';
import { testDatabaseUrl } from '../setup/test-db';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, slot, visitorCaller } from './harness';

const h = createHarness();
const found = async (input: { q?: string; location?: string }) => {
  clearCountCache();
  const page = await visitorCaller(h).listing.browse(input);
  return { ids: page.items.map((item) => item.id).sort(), total: page.total };
};

describe('search folds accents in the index and the query (decision 093)', () => {
  it("'kafe', 'kafé', 'café', 'CAFÉ' and a decomposed 'é' find the same listings; æ, ø and å stay letters", async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const cafe = await createListing(userId, { title: `Café ${word} med uteservering` });
    const kafe = await createListing(userId, { title: `Koselig kafé ${word}` });
    const both = [cafe, kafe].sort();
    for (const q of [`kaf ${word}`, `kafé ${word}`, `kafe ${word}`]) expect((await found({ q })).ids).toContain(kafe);
    // C spelled as k too (decision 148): every spelling finds both.
    for (const q of [`café ${word}`, `cafe ${word}`, `CAFÉ ${word}`, `cafe\u0301 ${word}`]) expect(await found({ q })).toEqual({ ids: both, total: 2 });
    expect((await found({ q: word })).ids).toEqual(both);
    // Stored folded: no accented word in the index.
    const terms = (await db.select({ term: listingTerms.term }).from(listingTerms).where(inArray(listingTerms.listingId, both))).map((row) => row.term);
    expect(terms).toEqual(expect.arrayContaining(['kafe']));
    expect(terms).not.toContain('cafe');
    expect(terms.filter((term) => /[éè]/.test(term))).toEqual([]);

    const bor = await createListing(userId, { title: `Frisør på Bø ${word}` });
    expect((await found({ q: `frisør ${word}` })).ids).toEqual([bor]);
    expect((await found({ q: `frisor ${word}` })).ids).toEqual([]);
    expect((await found({ q: `pa ${word}` })).ids).toEqual([]);
    expect((await found({ q: `på ${word}` })).ids).toEqual([bor]);
  });
});

describe('former county names find their 2024 county (decision 093)', () => {
  it('in the search words, as typed, and in the place filter', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const bergen = await createListing(userId, { title: `Verksted ${word}`, location: 'Bergen' });
    const forde = await createListing(userId, { title: `Verksted ${word}`, location: 'Førde' });
    const hamar = await createListing(userId, { title: `Verksted ${word}`, location: 'Hamar' });
    const drammen = await createListing(userId, { title: `Verksted ${word}`, location: 'Drammen' });
    const moss = await createListing(userId, { title: `Verksted ${word}`, location: 'Moss' });
    const tromso = await createListing(userId, { title: `Verksted ${word}`, location: 'Tromsø' });
    const alta = await createListing(userId, { title: `Verksted ${word}`, location: 'Alta' });
    const trondheim = await createListing(userId, { title: `Verksted ${word}`, location: 'Trondheim' });
    const vestland = [bergen, forde].sort();
    // What is being typed: the start of a former name at the end of the words.
    for (const name of ['Hordaland', 'Sogn og Fjordane', 'sogn og fj', 'Vestland']) expect((await found({ q: `${word} ${name}` })).ids, name).toEqual(vestland);
    expect((await found({ q: `Hedmark ${word}` })).ids).toEqual([hamar]);
    expect((await found({ q: `Oppland ${word}` })).ids).toEqual([hamar]);
    expect((await found({ q: `Sør-Trøndelag ${word}` })).ids).toEqual([trondheim]);
    expect((await found({ q: `nord trøndelag ${word}` })).ids).toEqual([trondheim]);
    expect((await found({ q: `Viken ${word}` })).ids).toEqual([drammen, moss].sort());
    expect((await found({ q: `Buskerud ${word}` })).ids).toEqual([drammen]);
    expect((await found({ q: `Troms og Finnmark ${word}` })).ids).toEqual([alta, tromso].sort());
    // Troms and Finnmark are counties again: each finds its own towns only.
    expect((await found({ q: `Troms ${word}` })).ids).toEqual([tromso]);
    expect((await found({ q: `Finnmark ${word}` })).ids).toEqual([alta]);
    // A joined name answers no prefix typed alone: 'nord' is not all of Trøndelag.
    expect((await found({ q: `nord ${word}` })).ids).toEqual([]);

    expect(await found({ q: word, location: 'Hordaland' })).toEqual({ ids: vestland, total: 2 });
    expect((await found({ q: word, location: 'Viken' })).ids).toEqual([drammen, moss].sort());
    expect((await found({ q: word, location: 'Førde' })).ids).toEqual([forde]);
  });
});

describe("ops backfill rebuilds an index written before the folding", () => {
  it('rewrites only stale listings and saved searches, and a second run changes nothing', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const old = await createListing(userId, { title: `Crêperie ${word}`, location: 'Bergen' });
    const fresh = await createListing(userId, { title: `Bakeri ${word}`, location: 'Bodø' });
    // As the code before decision 093 wrote them: accents kept, no former county names.
    const before = await db.select().from(listingTerms).where(eq(listingTerms.listingId, old));
    const oldTerms = before.map((row) => row.term).filter((term) => !['hordaland', '=sognogfjordane', 'kreperie'].includes(term)).concat('crêperie');
    await db.delete(listingTerms).where(eq(listingTerms.listingId, old));
    await db.insert(listingTerms).values(oldTerms.map((term) => ({ listingId: old, term, isPublic: true })));
    await adjustTermCounts(db, before, oldTerms.map((term) => ({ term, isPublic: true })));
    const saved = crypto.randomUUID();
    await db.insert(savedSearches).values({ id: saved, userId, name: 'Gammelt søk', filters: { q: `crêperie ${word}` }, termKey: 'crêperie', unsubscribeToken: crypto.randomUUID() });
    expect((await found({ q: `creperie ${word}` })).ids).toEqual([]);

    const handle = connectMysql(testDatabaseUrl(slot), 1);
    try {
      // Other tests' listings share this database: only this test's are counted here.
      expect(await refoldTerms(handle)).toBeGreaterThanOrEqual(1);
      expect((await found({ q: `creperie ${word}` })).ids).toEqual([old]);
      expect((await found({ q: `hordaland ${word}` })).ids).toEqual([old]);
      expect((await found({ q: word })).ids).toEqual([old, fresh].sort());
      expect(await refileSavedSearches(handle)).toBeGreaterThanOrEqual(1);
      const [row] = await db.select({ termKey: savedSearches.termKey }).from(savedSearches).where(eq(savedSearches.id, saved));
      expect(row?.termKey).toBe(bucketsOf({ q: `crêperie ${word}` }).termKey);
      expect(row?.termKey).not.toContain('ê');

      const after = await db.select().from(listingTerms).where(inArray(listingTerms.listingId, [old, fresh]));
      expect(await refoldTerms(handle)).toBe(0);
      expect(await refileSavedSearches(handle)).toBe(0);
      expect(await db.select().from(listingTerms).where(inArray(listingTerms.listingId, [old, fresh]))).toEqual(after);
    } finally {
      await handle.close();
    }
    await db.delete(savedSearches).where(and(eq(savedSearches.id, saved), eq(savedSearches.userId, userId)));
  });
});
