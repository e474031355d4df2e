import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerTrpc, TRPC_ENDPOINT, trpcCallOf } from '@bedriftstorget/api/http/handler';
import { MAX_BATCH_CALLS } from '@bedriftstorget/api/http/guard';
import { directQueryBatches, readQueryBatch } from '@bedriftstorget/api/http/query-batch';
import { readServed, type Served } from '@bedriftstorget/api/http/served';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, signedInUser } from './harness';

/**
 * A GET of queries is answered without tRPC's HTTP layer (decision 154). Whatever it is asked, the
 * answer must be tRPC's own to the byte: status, headers, cookies and body, for the web client's
 * batches, single calls, refusals, failures and signed-in reads alike. Each request below is answered
 * both ways in turn and compared; the requests the direct path declines are listed too, so a change
 * that makes it decline everything fails here as well.
 */
const h = createHarness();
const origin = h.config.appUrl;
let word = '';
let listingId = '';
let cookie = '';

beforeAll(async () => {
  const owner = await signedInUser(h);
  word = uniqueWord();
  listingId = await createListing(owner.userId, { title: `Verksted ${word}` });
  cookie = `${h.auth.sessionCookieName}=${owner.browser.sessionId}`;
});

afterEach(() => {
  directQueryBatches.enabled = true;
});

const batch = (paths: string[], inputs: Record<number, unknown>) => `${TRPC_ENDPOINT}/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
const single = (path: string, input?: unknown) => `${TRPC_ENDPOINT}/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

interface Asked { path: string; headers?: Record<string, string>; method?: string }

async function answerWith(direct: boolean, { path, headers = {}, method = 'GET' }: Asked): Promise<Served> {
  directQueryBatches.enabled = direct;
  try {
    const answer = await answerTrpc(h, trpcCallOf(new Request(`${origin}${path}`, { method, headers })), '10.9.0.1');
    return answer instanceof Response ? readServed(answer) : answer;
  } finally {
    directQueryBatches.enabled = true;
  }
}

async function expectSameAnswer(asked: Asked): Promise<Served> {
  const direct = await answerWith(true, asked);
  const general = await answerWith(false, asked);
  const plain = (served: Served) => ({ ...served, body: served.body.toString(), streamed: served.streamed === true });
  expect(plain(direct), asked.path).toEqual(plain(general));
  return direct;
}

const takesDirectPath = async ({ path, headers = {}, method = 'GET' }: Asked) =>
  (await readQueryBatch(appRouter, method, new URL(`${origin}${path}`), new Headers(headers), TRPC_ENDPOINT, MAX_BATCH_CALLS)) !== null;

describe('a GET of queries: the direct answer is tRPC’s own', () => {
  const answered = (): [string, Asked][] => [
    ["the web client's public batch", { path: batch(['listing.landing', 'listing.browse', 'auth.providers'], { 0: {}, 1: { q: word }, 2: {} }) }],
    ['a single call with input', { path: single('listing.browse', { sort: 'price_desc' }) }],
    ['a single call without input', { path: single('listing.landing') }],
    ['an empty input', { path: `${TRPC_ENDPOINT}/listing.browse?input=` }],
    ["a listing's page", { path: batch(['listing.detail'], { 0: { id: listingId } }) }],
    ['a listing that is not there (NOT_FOUND from the procedure)', { path: batch(['listing.detail'], { 0: { id: crypto.randomUUID() } }) }],
    ['bad input, batched (the schema’s Norwegian message)', { path: batch(['listing.browse'], { 0: { sort: 'tilfeldig' } }) }],
    ['bad input, single', { path: single('listing.browse', { minPrice: 'mange' }) }],
    ['a single call whose input is no object', { path: single('listing.browse', 42) }],
    ['one good call and one refused (207)', { path: batch(['listing.landing', 'listing.detail'], { 1: { id: 'ikke-en-id' } }) }],
    ['text that is not valid Unicode', { path: batch(['listing.browse'], { 0: { q: 'a\ud800b' } }) }],
    ['a signed-in read', { path: batch(['auth.me', 'favorite.ids'], {}), headers: { cookie: 'x' } }],
    ['a per-user read without a session (UNAUTHORIZED)', { path: batch(['favorite.ids'], {}) }],
    ['an unknown session cookie (cleared with Set-Cookie)', { path: batch(['auth.me'], {}), headers: { cookie: `${h.auth.sessionCookieName}=ukjent` } }],
    ['a public batch with a session cookie (read as a visitor)', { path: batch(['listing.landing'], {}), headers: { cookie: 'x' } }],
    ['Accept: application/json', { path: batch(['listing.landing'], {}), headers: { accept: 'application/json' } }],
  ];
  for (const [name, asked] of answered()) {
    it(name, async () => {
      const request = { ...asked, headers: asked.headers?.cookie === 'x' ? { ...asked.headers, cookie } : asked.headers };
      expect(await takesDirectPath(request)).toBe(true);
      await expectSameAnswer(request);
    });
  }

  it('sets the session cookie and the user for a signed-in read as tRPC does', async () => {
    const served = await expectSameAnswer({ path: batch(['auth.me'], {}), headers: { cookie: `${h.auth.sessionCookieName}=ukjent` } });
    expect(served.setCookies.join()).toContain(`${h.auth.sessionCookieName}=;`);
    const me = await expectSameAnswer({ path: batch(['auth.me'], {}), headers: { cookie } });
    expect(me.headers['cache-control']).toBe('private, no-store');
    const [answer] = JSON.parse(me.body.toString()) as [{ result: { data: { id: string } } }];
    expect(answer.result.data.id).toBeTruthy();
  });
});

describe('what the direct path leaves to tRPC', () => {
  const declined: [string, Asked][] = [
    ['a mutation asked with GET', { path: batch(['favorite.add'], { 0: { listingId: 'x' } }) }],
    ['a procedure that is not there', { path: batch(['listing.finnesIkke'], {}) }],
    ['input that is no JSON', { path: `${TRPC_ENDPOINT}/listing.browse?batch=1&input=%7Bx` }],
    ['a batch input that is no object', { path: `${TRPC_ENDPOINT}/listing.browse?batch=1&input=%5B1%5D` }],
    ['another parameter', { path: `${TRPC_ENDPOINT}/listing.landing?batch=1&input=%7B%7D&connectionParams=1` }],
    ['a JSONL stream', { path: batch(['listing.landing'], {}), headers: { 'trpc-accept': 'application/jsonl' } }],
    ['HEAD', { path: batch(['listing.landing'], {}), method: 'HEAD' }],
    ['a query sent as POST', { path: batch(['listing.landing'], {}), method: 'POST', headers: { origin } }],
  ];
  for (const [name, asked] of declined) {
    it(name, async () => {
      expect(await takesDirectPath(asked)).toBe(false);
      await expectSameAnswer(asked);
    });
  }
});

describe('any browse input, batched or not', () => {
  const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 50_000_000 }), fc.constantFrom(null, true, 'newest', 'price_asc', 'Oslo', 'tech', word));
  const input = fc.dictionary(fc.constantFrom('q', 'sort', 'industry', 'location', 'minPrice', 'maxPrice', 'cursor', 'verified', 'x'), value, { maxKeys: 4 });
  it('answers as tRPC does', async () => {
    await fc.assert(fc.asyncProperty(input, fc.boolean(), async (browse, batched) => {
      await expectSameAnswer({ path: batched ? batch(['listing.browse', 'listing.browseCount'], { 0: browse, 1: browse }) : single('listing.browse', browse) });
    }), { numRuns: 40 });
  });
});
