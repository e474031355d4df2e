import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { matchListing } from '@bedriftstorget/api/saved-search/match';
import { industries } from '@bedriftstorget/core/listing/enums';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { filtersKey, savedFiltersSchema, type SavedFiltersInput } from '@bedriftstorget/core/saved-search/schemas';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

// Words, places and amounts chosen to meet at the edges: prefixes, two-letter words, 'å' vs 'a',
// 'ø' vs 'o', c vs k, definite forms and compounds (decision 148), case, towns vs their county, NULL amounts and range ends.
const WORDS = ['kafé', 'kafe', 'kaf', 'cafe', 'kafeen', 'frisøren', 'herrefrisørsalong', 'salong', 'bakeri', 'bak', 'as', 'ås', 'øl', 'ol', 'sentrum', 'bergen', 'vestland', 'it', 'restaurant', 'håndverk'];
const LISTING_PLACES = ['Bergen', 'bergen', 'Voss', 'Oslo', 'Ålesund', 'Alesund', 'Tromsø', 'Tromso', 'Hjemby'];
const SEARCH_PLACES = [...LISTING_PLACES, 'Vestland', 'vestland', 'Troms', 'Møre og Romsdal', 'møre og romsdal', 'Oslo'];
const AMOUNTS = [0, 500_000, 1_000_000, 2_000_000, 5_000_000];

const amount = fc.option(fc.constantFrom(...AMOUNTS), { nil: null });
const listingArb = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }),
  description: fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }),
  location: fc.constantFrom(...LISTING_PLACES),
  industry: fc.constantFrom('restaurant', 'tech'),
  price: amount,
  revenue: amount,
  profit: fc.option(fc.constantFrom(-500_000, ...AMOUNTS), { nil: null }),
  sellerVerified: fc.boolean(),
});
const bound = fc.option(fc.constantFrom(...AMOUNTS), { nil: undefined });
const q = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((w) => w.join(' '));
const few = ['restaurant', 'tech'] as const;
// 'Verifiserte selgere' on, off (false, as an API client may send it) or left out.
const verifiedSellers = fc.constantFrom(true, false, undefined);
const ranges = { minPrice: bound, maxPrice: bound, minRevenue: bound, maxProfit: fc.option(fc.constantFrom(-500_000, ...AMOUNTS), { nil: undefined }), verifiedSellers };
// Searches of each bucket kind (a word, a place, an industry, nothing), often narrow enough to match.
const filtersArb: fc.Arbitrary<SavedFiltersInput> = fc.oneof(
  fc.record({ q }),
  fc.record({ location: fc.constantFrom(...SEARCH_PLACES) }),
  fc.record({ location: fc.constantFrom(...SEARCH_PLACES), industry: fc.constantFrom(...few), verifiedSellers }),
  fc.record({ industry: fc.constantFrom(...few), ...ranges }, { requiredKeys: ['industry'] }),
  fc.record(ranges, { requiredKeys: [] }),
  fc.record({ q, industry: fc.constantFrom(...industries), location: fc.constantFrom(...SEARCH_PLACES), ...ranges }, { requiredKeys: [] }),
);

describe('saved-search matching agrees with browse', () => {
  it('a listing is a hit of exactly the searches whose browse results show it', async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    const seen = { hits: 0, misses: 0, byPlace: 0, verifiedOnly: 0 };
    await fc.assert(
      fc.asyncProperty(listingArb, fc.uniqueArray(filtersArb, { minLength: 1, maxLength: 8, selector: (filters) => filtersKey(savedFiltersSchema.parse(filters)) }), async (shape, searches) => {
        const buyer = await signedInUser(h);
        const word = uniqueWord();
        const created = [];
        for (const filters of searches) created.push(await buyer.browser.call((c) => c.savedSearch.create({ name: 'Egenskap', alerts: 'instant', filters })));
        const id = await createListing(seller.userId, {
          status: 'pending', title: [word, ...shape.title].join(' '), description: shape.description.join(' ') || 'Ingen ord', location: shape.location,
          industry: shape.industry, price: shape.price, revenue: shape.revenue, profit: shape.profit, sellerVerified: shape.sellerVerified,
        });
        await db.update(listings).set({ status: 'active' }).where(eq(listings.id, id));
        await syncListingTerms(db, [id]);
        const hits = new Set(await matchListing(db, id));
        for (const [index, search] of created.entries()) {
          // Browse as the buyer had it when saving (not as stored: a filter the save dropped would drop
          // out of both sides). The listing's own unique word narrows it without changing whether it matches.
          const asBrowsed = searches[index]!;
          const page = await visitorCaller(h).listing.browse({ ...asBrowsed, q: [asBrowsed.q, word].filter(Boolean).join(' ') });
          const shown = page.items.some((item) => item.id === id);
          seen[shown ? 'hits' : 'misses'] += 1;
          if (shown && search.filters.location && !search.filters.q) seen.byPlace += 1;
          if (!shown && asBrowsed.verifiedSellers && !shape.sellerVerified) seen.verifiedOnly += 1;
          expect({ filters: search.filters, listing: shape, hit: hits.has(search.id) }).toEqual({ filters: search.filters, listing: shape, hit: shown });
        }
      }),
      { numRuns: 40 },
    );
    // The property is only as good as its cases: both outcomes, and matches through a place, occurred.
    expect(seen.hits).toBeGreaterThanOrEqual(5);
    expect(seen.misses).toBeGreaterThan(15);
    expect(seen.byPlace).toBeGreaterThanOrEqual(1);
    expect(seen.verifiedOnly).toBeGreaterThanOrEqual(1);
  }, 240_000);
});
