import { describe, expect, it } from 'vitest';
import { request } from '@bedriftstorget/core/texts/http';
import { signedInAdmin } from './admin-helpers';
import { browseCursor } from '@bedriftstorget/api/listing/keyset';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { rememberCommon } from '@bedriftstorget/api/listing/common-tokens';
import { planSearch } from '@bedriftstorget/api/listing/search';
import { datedRead } from '@bedriftstorget/api/listing/term-order';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ID = crypto.randomUUID();

/** Not ours at all, a date no database can compare, a phase that does not exist, an id that is not one. */
const FORGED = ['ikke-en-side', b64({ t: 1e18, id: ID }), b64({ p: 3, v: null, id: ID }), b64({ t: Date.now(), id: "' OR 1=1 --" })];

/**
 * Every paged list reads its cursor through the one codec (paging/cursor.ts): a forged one is
 * the same 400 with the catalogue's text everywhere, never a 500 and never another wording.
 */
describe('forged cursors', () => {
  it('every paged procedure answers 400 with the one text', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const lists: [string, (cursor: string) => Promise<unknown>][] = [
      ['listing.browse', (cursor) => visitorCaller(h).listing.browse({ cursor })],
      ['message.conversations', (cursor) => admin.browser.call((c) => c.message.conversations({ cursor }))],
      ['message.thread', (cursor) => admin.browser.call((c) => c.message.thread({ listingId: null, counterpartId: ID, cursor }))],
      ['message.inquiries', (cursor) => admin.browser.call((c) => c.message.inquiries({ cursor }))],
      ['admin.listings.list', (cursor) => admin.browser.call((c) => c.admin.listings.list({ cursor }))],
      ['admin.users.list', (cursor) => admin.browser.call((c) => c.admin.users.list({ cursor }))],
      ['admin.valuations.list', (cursor) => admin.browser.call((c) => c.admin.valuations.list({ cursor }))],
    ];
    for (const [name, list] of lists) {
      for (const cursor of FORGED) {
        const answer = await list(cursor).then(
          () => 'accepted',
          (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
        );
        expect(`${name} ${cursor}: ${answer}`).toBe(`${name} ${cursor}: BAD_REQUEST: ${request.invalidCursor}`);
      }
    }
  });
});

/**
 * A common word's newest page is read from its dated terms (decision 151, term-order.ts), a read of
 * its own with its own cursor condition: the forged cursors are the same 400 there, and a cursor of
 * the right shape with a date past either end pages to every listing or to none, never a 500.
 */
describe('forged cursors on a common word\'s dated read', () => {
  it('are refused with the one text, and out-of-range dates are clamped', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const word = uniqueWord();
    const ids = [await createListing(userId, { title: `Bakeri ${word}` }), await createListing(userId, { title: `Konditori ${word}` })].sort();
    clearCountCache();
    rememberCommon('public', word);
    const plan = await planSearch(db, word);
    expect(plan.kind).toBe('walk');
    // The page goes through the dated read, not the walk's index.
    expect(datedRead(plan, 'newest', undefined, null, 10)).not.toBeNull();
    const browse = (cursor: string) => visitorCaller(h).listing.browse({ q: word, cursor });
    for (const cursor of FORGED) {
      const answer = await browse(cursor).then(() => 'accepted', (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`);
      expect(`${cursor}: ${answer}`).toBe(`${cursor}: BAD_REQUEST: ${request.invalidCursor}`);
    }
    // After the end of time: every listing is older. Before 1970: none is.
    const late = await browse(browseCursor.encode({ p: 1, v: 1e15, id: ID }));
    expect(late.items.map((item) => item.id).sort()).toEqual(ids);
    const early = await browse(browseCursor.encode({ p: 1, v: -1e15, id: ID }));
    expect(early.items).toEqual([]);
    // The same cursors on a sort's own pages, read by statements built once (decision 153): a page, never a 500.
    for (const sort of ['newest', 'price_asc', 'revenue_desc'] as const) {
      for (const v of [1e15, -1e15]) {
        const page = await visitorCaller(h).listing.browse({ sort, cursor: browseCursor.encode({ p: 1, v, id: ID }) });
        expect(Array.isArray(page.items)).toBe(true);
      }
      const nulls = await visitorCaller(h).listing.browse({ sort, cursor: browseCursor.encode({ p: 2, v: null, id: ID }) });
      expect(Array.isArray(nulls.items)).toBe(true);
    }
  });
});
