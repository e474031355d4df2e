import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { bulkAdminListings, deleteAdminListing, listAdminListings, updateAdminListing } from '@bedriftstorget/api/admin/listings';
import { planSearch } from '@bedriftstorget/api/listing/search';
import { addTermCountsOfListing } from '@bedriftstorget/api/listing/term-counts';
import { clearLocationSuggestions } from '@bedriftstorget/api/listing/locations';
import { listingTermCounts, listingTerms, listings } from '@bedriftstorget/core/listing/listing.sql';
import { seen, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

const found = async (h: ReturnType<typeof createHarness>, q: string) => (await visitorCaller(h).listing.browse({ q })).items.map((i) => i.id);

describe('search terms follow every write', () => {
  it('review, admin edit, bulk archive and delete change what a word finds', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const admin = await signedInAdmin(h);
    const word = uniqueWord();
    const id = await createListing(userId, { status: 'pending', title: `Verksted ${word}` });
    expect(await found(h, word)).toEqual([]);

    await reviewListings(h, admin.userId, await seen([id]), 'approve');
    expect(await found(h, word)).toEqual([id]);

    const other = uniqueWord();
    await updateAdminListing(h, admin.userId, id, { title: `Snekkeri ${other}` });
    expect(await found(h, word)).toEqual([]);
    expect(await found(h, other)).toEqual([id]);
    expect(await found(h, `snekk ${other}`)).toEqual([id]);

    await bulkAdminListings(h, admin.userId, [id], 'archive');
    expect(await found(h, other)).toEqual([]);
    await db.delete(listings).where(eq(listings.id, id));
    expect(await db.select().from(listingTerms).where(eq(listingTerms.listingId, id))).toEqual([]);
  });
});

/** listing_term_counts for these words: 'public' and 'hidden' listings per word. */
async function termCounts(...terms: string[]) {
  const rows = await db.select().from(listingTermCounts).where(inArray(listingTermCounts.term, terms));
  const of = (term: string, isPublic: boolean) => rows.find((r) => r.term === term && r.isPublic === isPublic)?.n ?? 0;
  return Object.fromEntries(terms.map((term) => [term, { public: of(term, true), hidden: of(term, false) }]));
}

describe('listing_term_counts follow every write (decision 039)', () => {
  it('create, review, edit, bulk status and both deletes move the counts of exactly the words involved', async () => {
    const h = createHarness();
    const { userId, browser } = await signedInUser(h);
    const admin = await signedInAdmin(h);
    const [a, b, c] = [uniqueWord(), uniqueWord(), uniqueWord()];
    const first = await createListing(userId, { status: 'pending', title: `Bakeri ${a}` });
    const second = await createListing(userId, { status: 'active', title: `Kafé ${a} ${c}` });
    expect(await termCounts(a, b, c)).toEqual({ [a]: { public: 1, hidden: 1 }, [b]: { public: 0, hidden: 0 }, [c]: { public: 1, hidden: 0 } });

    await reviewListings(h, admin.userId, await seen([first]), 'approve');
    expect((await termCounts(a))[a]).toEqual({ public: 2, hidden: 0 });
    await updateAdminListing(h, admin.userId, first, { title: `Bakeri ${b}` });
    expect(await termCounts(a, b)).toEqual({ [a]: { public: 1, hidden: 0 }, [b]: { public: 1, hidden: 0 } });
    await bulkAdminListings(h, admin.userId, [first, second], 'archive');
    expect(await termCounts(a, b, c)).toEqual({ [a]: { public: 0, hidden: 1 }, [b]: { public: 0, hidden: 1 }, [c]: { public: 0, hidden: 1 } });

    await deleteAdminListing(h, admin.userId, first);
    expect(await termCounts(b)).toEqual({ [b]: { public: 0, hidden: 0 } });
    await browser.call((caller) => caller.seller.delete({ id: second }));
    expect(await termCounts(a, c)).toEqual({ [a]: { public: 0, hidden: 0 }, [c]: { public: 0, hidden: 0 } });
  });

  it('the plan starts from the rarest word by the counts, and its answer comes from the terms', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const [common, rare] = [uniqueWord(), uniqueWord()];
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await createListing(userId, { title: `Verksted ${common}`, description: `Godt drevet verksted ${i === 0 ? rare : ''}.` }));
    const plan = await planSearch(db, `${common} ${rare}`);
    expect(plan.kind).toBe('candidates');
    expect(plan.kind === 'candidates' && plan.tokens.map((t) => t.token)).toEqual([rare, common]);
    expect(plan.kind === 'candidates' && plan.ids).toEqual([ids[0]]);
    expect((await visitorCaller(h).listing.browse({ q: `${common} ${rare}` })).items.map((i) => i.id)).toEqual([ids[0]]);
    // A count that drifted (a row changed by hand) orders the words differently but never changes the answer.
    await db.update(listingTermCounts).set({ n: 1_000_000 }).where(eq(listingTermCounts.term, rare));
    expect((await visitorCaller(h).listing.browse({ q: `${common} ${rare}` })).items.map((i) => i.id)).toEqual([ids[0]]);
    const admin = await signedInAdmin(h);
    expect((await listAdminListings(h.db, { status: 'all', industry: 'all', q: `${rare} ${common}` })).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await listAdminListings(h.db, { status: 'all', industry: 'all', q: common })).total).toBe(3);
    expect(admin.userId).toBeTruthy();
  });
});

describe('a new listing\'s term counts, sent beside its COMMIT (decision 098)', () => {
  it('are added for a listing whose row is there, and not for one rolled back', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const counts = async () => db.select().from(listingTermCounts).where(eq(listingTermCounts.term, word));
    await addTermCountsOfListing(db, crypto.randomUUID(), [{ term: word, isPublic: false }]);
    expect(await counts()).toEqual([]);
    const id = await createListing(userId, { status: 'pending', title: `Verksted ${word}` });
    const before = (await counts())[0]?.n ?? 0;
    await addTermCountsOfListing(db, id, [{ term: word, isPublic: false }]);
    expect((await counts())[0]?.n).toBe(before + 1);
  });
});

describe('browse filters', () => {
  it('a county finds its towns; ranges of price, revenue and result are inclusive', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const bergen = await createListing(userId, { title: `A ${word}`, location: 'Bergen', price: 1_000_000, revenue: 5_000_000, profit: -100_000 });
    const voss = await createListing(userId, { title: `B ${word}`, location: 'voss', price: 2_000_000, revenue: 9_000_000, profit: 400_000 });
    const oslo = await createListing(userId, { title: `C ${word}`, location: 'Oslo', price: null, revenue: null, profit: null });
    const ids = async (input: Record<string, unknown>) => (await visitorCaller(h).listing.browse({ q: word, ...input })).items.map((i) => i.id).sort();
    expect(await ids({ location: 'Vestland' })).toEqual([bergen, voss].sort());
    expect(await ids({ location: 'vestland' })).toEqual([bergen, voss].sort());
    expect(await ids({ location: 'Bergen' })).toEqual([bergen]);
    expect(await ids({ q: `${word} vestland` })).toEqual([bergen, voss].sort());
    expect(await ids({ minPrice: 1_000_000, maxPrice: 1_999_999 })).toEqual([bergen]);
    expect(await ids({ minRevenue: 9_000_000 })).toEqual([voss]);
    expect(await ids({ maxProfit: 0 })).toEqual([bergen]);
    expect(await ids({ minProfit: -100_000, sort: 'price_desc' })).toEqual([bergen, voss].sort());
    expect((await visitorCaller(h).listing.browse({ q: word, minPrice: 1_000_000 })).total).toBe(2);
    expect(await ids({})).toContain(oslo);
    await expect(visitorCaller(h).listing.browse({ minPrice: -5 })).rejects.toThrow();
  });

  it('suggests towns with listings and their counties', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    await createListing(userId, { location: 'Hammerfest' });
    clearLocationSuggestions();
    const suggestions = await visitorCaller(h).listing.locations();
    expect(suggestions).toContainEqual(expect.objectContaining({ name: 'Hammerfest', kind: 'town' }));
    expect(suggestions).toContainEqual(expect.objectContaining({ name: 'Finnmark', kind: 'county' }));
  });
});
