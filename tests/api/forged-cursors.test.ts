import { describe, expect, it } from 'vitest';
import { request } from '@bedriftstorget/core/texts/http';
import { signedInAdmin } from './admin-helpers';
import { createHarness, visitorCaller } from './harness';

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
