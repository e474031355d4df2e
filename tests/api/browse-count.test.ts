import { describe, expect, it } from 'vitest';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { requestServices } from '@bedriftstorget/api/context';
import { runInRequestScope } from '@bedriftstorget/api/observability/request-scope';
import { createHarness, signedInUser, visitorCaller } from './harness';
import { createListing, uniqueWord } from './fixtures';

/**
 * Decision 056: a browse page does not wait for a slow 'Viser X av Y' count. With countWaitMs 0 a
 * page comes with its count only when that is cached, so every uncached count here is "slow".
 */
describe('a page sent before its count', () => {
  async function threeListings() {
    const h = createHarness({ config: { countWaitMs: 0 } });
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    await createListing(userId, { title: `Verksted ${word}`, industry: 'craft' });
    await createListing(userId, { title: `Butikk ${word}`, industry: 'retail' });
    await createListing(userId, { title: `Sjappe ${word}`, industry: 'retail' });
    await createListing(userId, { title: `Venter ${word}`, status: 'pending' });
    clearCountCache();
    return { caller: visitorCaller(h), word };
  }

  it('comes without it; listing.browseCount gives it, and the next page of those filters has it', async () => {
    const { caller, word } = await threeListings();
    const page = await caller.listing.browse({ q: word, limit: 2 });
    expect(page.items).toHaveLength(2);
    // Only what a card shows goes to the browser: the keyset's phase stays on the server.
    expect(page.items[0]).not.toHaveProperty('phase');
    expect(page.nextCursor).not.toBeNull();
    expect(page.total).toBeNull();
    expect(await caller.listing.browseCount({ q: word })).toBe(3);
    // Counted once for the words and filters, whatever the sort or page.
    const next = await caller.listing.browse({ q: word, limit: 2, sort: 'price_asc', cursor: undefined });
    expect(next.total).toBe(3);
  });

  it('a cached count is answered with no statement: the search is planned only to count (decision 157)', async () => {
    const h = createHarness({ config: { countWaitMs: 0 } });
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    await createListing(userId, { title: `Verksted ${word}` });
    clearCountCache();
    const count = () => runInRequestScope(async (scope) => ({ n: await visitorCaller(requestServices(h, scope)).listing.browseCount({ q: word }), statements: scope.dbRoundTrips }));
    const first = await count();
    expect(first.n).toBe(1);
    expect(first.statements).toBeGreaterThan(0);
    expect(await count()).toEqual({ n: 1, statements: 0 });
  });

  it('counts the same filters as browse: industry, place, ranges, under offer', async () => {
    const { caller, word } = await threeListings();
    expect(await caller.listing.browseCount({ q: word, industry: 'retail' })).toBe(2);
    expect(await caller.listing.browseCount({ q: word, industry: 'craft', hideUnderOffer: true })).toBe(1);
    expect(await caller.listing.browseCount({ q: word, location: 'Tromsø' })).toBe(0);
    expect(await caller.listing.browseCount({ q: `${word} ${uniqueWord()}` })).toBe(0);
    expect((await caller.listing.browse({ q: word, industry: 'retail' })).total).toBe(2);
  });

  it('refuses bad filters with the same Norwegian messages as browse', async () => {
    const { caller } = await threeListings();
    await expect(caller.listing.browseCount({ location: 'x'.repeat(101) })).rejects.toThrow(/Sted/);
    await expect(caller.listing.browseCount({ minPrice: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
