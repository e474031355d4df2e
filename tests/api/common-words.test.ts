/**
 * A search word lately found in more than CANDIDATE_LIMIT listings (decision 126): the next search
 * for it reads no first ids and sends no early page, and finds exactly what it found before.
 */
import { describe, expect, it } from 'vitest';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { isKnownCommon, rememberCommon } from '@bedriftstorget/api/listing/common-tokens';
import { planSearch } from '@bedriftstorget/api/listing/search';
import { requestServices } from '@bedriftstorget/api/context';
import { runInRequestScope } from '@bedriftstorget/api/observability/request-scope';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

const h = createHarness();

/** A visitor's browse, with the statements it sent. */
const browse = (q: string) =>
  runInRequestScope(async (scope) => {
    const page = await visitorCaller(requestServices(h, scope)).listing.browse({ q });
    return { ids: page.items.map((item) => item.id).sort(), total: page.total, statements: scope.dbRoundTrips };
  });

describe('common search words (decision 126)', () => {
  it('a word known to be common is planned as a walk without reading its ids or an early page, and finds the same listings', async () => {
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const listings = [await createListing(userId, { title: `Bakeri ${word}` }), await createListing(userId, { title: `Konditori ${word}` })].sort();
    clearCountCache();
    expect((await planSearch(db, word)).kind).toBe('candidates');
    clearCountCache();
    const fresh = await browse(word);
    expect({ ids: fresh.ids, total: fresh.total }).toEqual({ ids: listings, total: 2 });

    clearCountCache();
    rememberCommon('public', word);
    expect((await planSearch(db, word)).kind).toBe('walk');
    const known = await browse(word);
    expect({ ids: known.ids, total: known.total }).toEqual({ ids: listings, total: 2 });
    // Neither its first ids nor the early page and its count were sent.
    expect(known.statements).toBeLessThan(fresh.statements);
  });

  it('is remembered for 20 s per scope, and forgotten with the counts', () => {
    rememberCommon('public', 'lønnsom', 1_000);
    expect(isKnownCommon('public', 'lønnsom', 20_999)).toBe(true);
    expect(isKnownCommon('public', 'lønnsom', 21_000)).toBe(false);
    expect(isKnownCommon('any', 'lønnsom', 1_000)).toBe(false);
    rememberCommon('public', 'lønnsom');
    clearCountCache();
    expect(isKnownCommon('public', 'lønnsom')).toBe(false);
  });
});
