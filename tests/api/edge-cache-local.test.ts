import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { PUBLIC_CACHE, PUBLIC_FRESH_SECONDS, PUBLIC_STALE_SECONDS } from '@bedriftstorget/api/http/cache-policy';
import { LocalCache } from '@bedriftstorget/api/http/local-cache';
import { seen, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, signedInUser } from './harness';

/**
 * The local server's cache in front of /trpc (decision 081), on a clock of the test's own: an
 * approved listing shows in browse once the cached page's s-maxage (N) has passed, as at the edge.
 */
const h = createHarness();
let clock = 1_700_000_000_000;
const cache = new LocalCache({ now: () => clock });
let server: Server;
let base = '';

beforeAll(async () => {
  server = createLocalServer({ services: h, web: { middlewares: (_req, res) => res.writeHead(404).end() }, cache });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const browseUrl = (q: string) => `/trpc/listing.browse?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { q } }))}`;

async function browseIds(q: string) {
  const response = await fetch(`${base}${browseUrl(q)}`);
  const [answer] = (await response.json()) as [{ result: { data: { items: { id: string }[] } } }];
  return { ids: answer.result.data.items.map((item) => item.id), age: response.headers.get('age'), cacheControl: response.headers.get('cache-control') };
}

describe('an approval reaches browse through the local cache', () => {
  it(`is visible within ${PUBLIC_FRESH_SECONDS} s: the cached page until then, one stale answer while it refreshes, then the new one`, async () => {
    const owner = await signedInUser(h);
    const admin = await signedInAdmin(h);
    const word = uniqueWord();
    const id = await createListing(owner.userId, { title: `Kafé ${word}`, status: 'pending' });
    const before = await browseIds(word);
    expect([before.ids, before.cacheControl, before.age]).toEqual([[], PUBLIC_CACHE, null]);

    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }));
    // Within N the cached page is what everyone gets (the origin is not asked).
    clock += PUBLIC_FRESH_SECONDS * 1000 - 1;
    expect(await browseIds(word)).toMatchObject({ ids: [], age: String(PUBLIC_FRESH_SECONDS - 1) });

    // Past N: the one request that finds it stale gets the old page and starts the refresh…
    clock += 2;
    expect((await browseIds(word)).ids).toEqual([]);
    await cache.settled();
    // …and every request after it the new one.
    expect((await browseIds(word)).ids).toEqual([id]);
  });

  it(`past N + M (${PUBLIC_FRESH_SECONDS + PUBLIC_STALE_SECONDS} s) with no request in between, the next one goes to the database`, async () => {
    const owner = await signedInUser(h);
    const admin = await signedInAdmin(h);
    const word = uniqueWord();
    const id = await createListing(owner.userId, { title: `Bakeri ${word}`, status: 'pending' });
    expect((await browseIds(word)).ids).toEqual([]);
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }));
    clock += (PUBLIC_FRESH_SECONDS + PUBLIC_STALE_SECONDS) * 1000;
    expect(await browseIds(word)).toMatchObject({ ids: [id], age: null });
  });

  it('a listing page that was not found is not kept: it answers as soon as the listing is approved', async () => {
    const owner = await signedInUser(h);
    const admin = await signedInAdmin(h);
    const id = await createListing(owner.userId, { status: 'pending' });
    const url = `${base}/trpc/listing.detail?input=${encodeURIComponent(JSON.stringify({ id }))}`;
    expect((await fetch(url)).status).toBe(404);
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }));
    expect((await fetch(url)).status).toBe(200);
  });
});

describe("the cache's fast path (LocalCache.fresh, written before the server does anything else)", () => {
  it('serves a stale copy while its one refresh runs, nothing past N without one, and one head per second of Age', async () => {
    let now = 1_800_000_000_000;
    const local = new LocalCache({ now: () => now });
    const answer = (body: string) => new Response(body, { headers: { 'cache-control': PUBLIC_CACHE, 'content-type': 'application/json' } });
    await local.serve('/k', () => Promise.resolve(answer('gammel')));
    const first = local.fresh('/k');
    expect(first?.body.toString()).toBe('gammel');
    expect(local.fresh('/k')?.head).toBe(first?.head);
    now += 1_000;
    expect(local.fresh('/k')?.head).toMatchObject({ age: 1 });

    // Past N with no refresh running: the server's own path answers it (and starts the refresh).
    now += PUBLIC_FRESH_SECONDS * 1000;
    expect(local.fresh('/k')).toBeNull();
    let finish = (_: Response) => {};
    const served = await local.serve('/k', () => new Promise<Response>((resolve) => (finish = resolve)));
    expect(served.body.toString()).toBe('gammel');
    // While that refresh runs, the stale copy goes out on the fast path, as `serve` would answer.
    expect(local.fresh('/k')?.body.toString()).toBe('gammel');
    finish(answer('ny'));
    await local.settled();
    expect(local.fresh('/k')?.body.toString()).toBe('ny');
  });
});
