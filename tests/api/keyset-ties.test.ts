import { describe, expect, it } from 'vitest';
import { browseSorts, type BrowseSort } from '@bedriftstorget/core/listing/schemas';
import { createHarness, signedInUser, visitorCaller } from './harness';
import { createListing, uniqueWord } from './fixtures';

/**
 * Keyset paging (listing/keyset.ts, paging/newest-first.ts) when many rows share the sort key: the id
 * breaks the tie, and it must run in the sort's own direction in both the ORDER BY and the cursor's
 * condition. A tie-break flipped on one side loses or repeats rows exactly where a page boundary
 * falls inside a run of equal keys — so every page boundary here does.
 */
const SAME = { price: 1_000_000, revenue: 3_000_000, views: 7 };

async function tiedListings(): Promise<{ h: ReturnType<typeof createHarness>; word: string; valued: string[]; unvalued: string[] }> {
  const h = createHarness();
  const { userId } = await signedInUser(h);
  const word = uniqueWord();
  // One millisecond for all: 'newest' ties too.
  const createdAt = new Date(Date.now() - 60_000);
  const valued: string[] = [];
  const unvalued: string[] = [];
  for (let i = 0; i < 7; i += 1) valued.push(await createListing(userId, { title: `Lik ${word}`, ...SAME, createdAt, images: 0 }));
  // No price or revenue: the second phase, ordered by id alone.
  for (let i = 0; i < 5; i += 1) unvalued.push(await createListing(userId, { title: `Lik ${word}`, views: SAME.views, price: null, revenue: null, createdAt, images: 0 }));
  return { h, word, valued, unvalued };
}

async function walk(h: ReturnType<typeof createHarness>, word: string, sort: BrowseSort, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pageNo = 0; pageNo < 20; pageNo += 1) {
    const page = await visitorCaller(h).listing.browse({ q: word, sort, limit, cursor });
    ids.push(...page.items.map((item) => item.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error(`${sort}: no last page after 20 pages`);
}

// Lower-case UUIDs, dashes in the same places: code-unit order is MySQL's order of the column.
const byId = (ids: string[], direction: 'asc' | 'desc') => [...ids].sort((a, b) => (a < b ? -1 : 1) * (direction === 'asc' ? 1 : -1));

describe('keyset paging over equal sort keys', () => {
  it('every browse sort pages through a run of ties without loss or repeat, ids in the sort’s direction', async () => {
    const { h, word, valued, unvalued } = await tiedListings();
    const all = [...valued, ...unvalued];
    for (const sort of browseSorts) {
      const direction = sort.endsWith('_asc') ? 'asc' : 'desc';
      const nullable = sort.startsWith('price') || sort.startsWith('revenue');
      // The whole order in one page: the expected order of the walk.
      const expected = nullable ? [...byId(valued, direction), ...byId(unvalued, direction)] : byId(all, direction);
      expect(await walk(h, word, sort, 48), `${sort}, one page`).toEqual(expected);
      // Pages of 2 and 5: boundaries inside each run, and one across the phases of a nullable sort.
      for (const limit of [2, 5]) expect(await walk(h, word, sort, limit), `${sort}, pages of ${limit}`).toEqual(expected);
    }
  });
});
