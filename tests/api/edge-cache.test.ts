import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { PRIVATE_CACHE, PUBLIC_CACHE } from '@bedriftstorget/api/http/cache-policy';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { LocalCache } from '@bedriftstorget/api/http/local-cache';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { PUBLIC_QUERIES } from '@bedriftstorget/core/api/public-queries';
import { matrix } from './authorization-matrix';
import { createListing } from './fixtures';
import { createHarness, signedInUser } from './harness';

/**
 * Which answers a shared cache may keep (decision 080). A row per procedure, like the authorization
 * matrix: a new procedure without a row fails the first test, so adding one means deciding here
 * whether its answer is the same for everyone. `public` rows are exactly PUBLIC_QUERIES, the list
 * the web client batches apart.
 */
const cacheRows: Record<string, 'public' | 'private'> = {
  'listing.landing': 'public', 'listing.browse': 'public', 'listing.browseCount': 'public', 'listing.detail': 'public',
  'listing.locations': 'public', 'listing.reviewPromise': 'public', 'auth.providers': 'public', 'privacy.contact': 'public',
  // The answer depends on who asks (realtime.config: 'off' for a visitor), or the call changes state.
  'auth.me': 'private', 'realtime.config': 'private', 'listing.viewer': 'private', 'listing.sellerContact': 'private', 'listing.recordView': 'private',
  'listing.renewByToken': 'private', 'auth.signUp': 'private', 'auth.confirmEmail': 'private', 'auth.signIn': 'private', 'auth.signOut': 'private',
  'auth.requestPasswordReset': 'private', 'auth.resendConfirmation': 'private', 'auth.resetPassword': 'private', 'auth.resetLinkValid': 'private', 'auth.googleStart': 'private',
  'auth.googleCallback': 'private', 'realtime.ablyToken': 'private', 'seller.rememberDraft': 'private', 'seller.lookupCompany': 'private', 'valuation.estimate': 'private',
  'savedSearch.unsubscribe': 'private', 'auth.confirmDeletion': 'private',
  // A buyer's own request and a seller's received ones (decision 096): per user, never shared.
  'access.mine': 'private', 'access.forSeller': 'private', 'access.request': 'private', 'admin.access.list': 'private',
  // 'Logg inn med Vipps' (decision 119): a flow per browser, its cookie and its answer never shared.
  'vipps.start': 'private', 'vipps.callback': 'private', 'vipps.linkWithPassword': 'private', 'vipps.sendLinkMail': 'private', 'vipps.confirmLink': 'private',
};
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>;
// Everything else is signed-in or admin only (authorization-matrix.ts): private by its access.
for (const [path, row] of Object.entries(matrix)) if (row.access !== 'public') cacheRows[path] ??= 'private';

const h = createHarness();
const origin = h.config.appUrl;
let cookie = '';
let email = '';
let publicId = '';

beforeAll(async () => {
  const user = await signedInUser(h);
  cookie = `${h.auth.sessionCookieName}=${user.browser.sessionId}`;
  email = user.email;
  publicId = await createListing(user.userId);
});

const inputOf = (path: string): unknown => (path === 'listing.detail' ? { id: publicId } : matrix[path]?.input);

function call(path: string, headers: Record<string, string>): Request {
  const input = inputOf(path);
  if (procedures[path]?._def.type === 'mutation') {
    return new Request(`${origin}/trpc/${path}`, { method: 'POST', headers: { origin, 'content-type': 'application/json', ...headers }, body: JSON.stringify(input ?? null) });
  }
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return new Request(`${origin}/trpc/${path}${query}`, { headers });
}

describe('the cache header of every procedure', () => {
  it('every procedure has a row, every row a procedure, and the public rows are the shared list', () => {
    const names = Object.keys(procedures);
    expect(names.filter((p) => !(p in cacheRows))).toEqual([]);
    expect(Object.keys(cacheRows).filter((p) => !names.includes(p))).toEqual([]);
    expect(Object.keys(cacheRows).filter((p) => cacheRows[p] === 'public').sort()).toEqual([...PUBLIC_QUERIES].sort());
  });

  it('answers each as its row says, asked by a signed-in user: public ones without a Set-Cookie', async () => {
    for (const path of Object.keys(cacheRows)) {
      // Mutations as a visitor (signOut would end the session the queries use); their header does not depend on it.
      const headers: Record<string, string> = procedures[path]?._def.type === 'mutation' ? {} : { cookie };
      const response = await handleTrpc(h, call(path, headers), '10.8.0.1');
      const expected = cacheRows[path] === 'public' ? PUBLIC_CACHE : PRIVATE_CACHE;
      expect([path, response.headers.get('cache-control')]).toEqual([path, expected]);
      if (cacheRows[path] === 'public') expect([path, response.status, response.headers.getSetCookie()]).toEqual([path, 200, []]);
    }
  });

  it('a batch with one per-user query, a POST, or an error is private', async () => {
    const batch = (paths: string, input: object) => new Request(`${origin}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
    const mixed = await handleTrpc(h, batch('listing.landing,auth.me', {}), '10.8.0.2');
    expect([mixed.status, mixed.headers.get('cache-control')]).toEqual([200, PRIVATE_CACHE]);
    const both = await handleTrpc(h, batch('listing.landing,auth.providers', {}), '10.8.0.2');
    expect([both.status, both.headers.get('cache-control')]).toEqual([200, PUBLIC_CACHE]);
    const missing = await handleTrpc(h, batch('listing.detail', { 0: { id: crypto.randomUUID() } }), '10.8.0.2');
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, PRIVATE_CACHE]);
    const unknown = await handleTrpc(h, batch('listing.landing,listing.nope', {}), '10.8.0.2');
    expect(unknown.headers.get('cache-control')).toBe(PRIVATE_CACHE);
    const posted = await handleTrpc(h, new Request(`${origin}/trpc/listing.landing`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: 'null' }), '10.8.0.2');
    expect(posted.headers.get('cache-control')).toBe(PRIVATE_CACHE);
  });
});

describe('a signed-in answer is never cached or served to someone else', () => {
  let server: Server;
  let base = '';
  const cache = new LocalCache();
  beforeAll(async () => {
    server = createLocalServer({ services: h, web: { middlewares: (_req, res) => res.writeHead(404).end() }, cache });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the same URL asked with two sessions and none: each gets their own, and the cache holds nothing', async () => {
    const other = await signedInUser(h);
    const otherCookie = `${h.auth.sessionCookieName}=${other.browser.sessionId}`;
    for (const path of ['/trpc/auth.me', `/trpc/auth.me,listing.landing?batch=1&input=${encodeURIComponent('{}')}`]) {
      const first = await fetch(`${base}${path}`, { headers: { cookie } });
      expect(first.headers.get('cache-control')).toBe(PRIVATE_CACHE);
      expect(await first.text()).toContain(email);
      const second = await (await fetch(`${base}${path}`, { headers: { cookie: otherCookie } })).text();
      expect(second).toContain(other.email);
      expect(second).not.toContain(email);
      const visitor = await (await fetch(`${base}${path}`)).text();
      expect(visitor).not.toContain(email);
      expect(visitor).not.toContain(other.email);
    }
    expect(cache.size).toBe(0);
  });

  it('a public batch asked with a session is kept and served to a visitor as it is: nothing of the user in it', async () => {
    const path = `/trpc/listing.landing,auth.providers?batch=1&input=${encodeURIComponent('{}')}`;
    const signedIn = await fetch(`${base}${path}`, { headers: { cookie } });
    expect([signedIn.headers.get('cache-control'), signedIn.headers.getSetCookie()]).toEqual([PUBLIC_CACHE, []]);
    const body = await signedIn.text();
    expect(body).not.toContain(email);
    expect(cache.size).toBe(1);
    const visitor = await fetch(`${base}${path}`);
    expect(visitor.headers.get('age')).not.toBeNull();
    expect(await visitor.text()).toBe(body);
  });
});
