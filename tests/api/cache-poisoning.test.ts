import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { PRIVATE_CACHE, PUBLIC_CACHE, PUBLIC_FRESH_SECONDS } from '@bedriftstorget/api/http/cache-policy';
import { FORMAT_HEADERS } from '@bedriftstorget/api/http/format-headers';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { LocalCache } from '@bedriftstorget/api/http/local-cache';
import { viewerRequestInjection } from '../../stacks/router-code';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, signedInUser } from './harness';

/**
 * Nobody can put another format under a public URL (decision 105). Shared caches key a public read
 * by its URL only; tRPC answers a batch asked with `trpc-accept: application/jsonl` (or an Accept
 * naming it) as a JSONL stream the web client cannot parse. Each request below carries headers tRPC
 * reads; after it, the next plain visitor of the same URL must still get the JSON every visitor gets.
 */
const FORMAT_REQUESTS: Record<string, string>[] = [
  { 'trpc-accept': 'application/jsonl' },
  { 'trpc-accept': 'application/json' },
  { accept: 'application/jsonl' },
  { accept: 'text/html, application/jsonl;q=0.9' },
  { accept: 'text/event-stream' },
  { 'content-type': 'multipart/form-data; boundary=x' },
  { 'content-type': 'application/octet-stream' },
  { 'content-type': 'text/plain' },
  { 'last-event-id': '42' },
  { 'trpc-batch-mode': 'stream' },
  // Every header tRPC reads at once.
  { 'trpc-accept': 'application/jsonl', accept: 'application/jsonl', 'content-type': 'application/octet-stream', 'last-event-id': '1', 'trpc-batch-mode': 'stream' },
];

const h = createHarness();
const origin = h.config.appUrl;
let word = '';

beforeAll(async () => {
  const owner = await signedInUser(h);
  word = uniqueWord();
  await createListing(owner.userId, { title: `Verksted ${word}` });
});

/** A public batch as the web client sends it (landing and browse together), a new URL each time. */
function publicBatch(): string {
  const input = { 0: {}, 1: { q: word }, 2: {} };
  return `/trpc/listing.landing,listing.browse,auth.providers?batch=1&input=${encodeURIComponent(JSON.stringify(input))}&v=${uniqueWord()}`;
}

/** What the web client needs: one JSON document, an array with a result per call, the browse hit in it. */
async function expectPlainJson(response: Response | { status: number; headers: Record<string, string>; body: Buffer | string }) {
  const body = response instanceof Response ? await response.text() : response.body.toString();
  const contentType = response instanceof Response ? response.headers.get('content-type') : response.headers['content-type'];
  expect(response.status).toBe(200);
  expect(contentType).toMatch(/^application\/json/);
  const answer = JSON.parse(body) as { result: { data: unknown } }[];
  expect(answer).toHaveLength(3);
  expect(JSON.stringify(answer[1]?.result.data)).toContain(word);
}

describe('the origin marks only a plain JSON answer public', () => {
  it('answers a public batch asked with any header that changes its format private, no-store', async () => {
    for (const headers of FORMAT_REQUESTS) {
      const response = await handleTrpc(h, new Request(`${origin}${publicBatch()}`, { headers }), '10.31.0.1');
      expect([headers, response.headers.get('cache-control')]).toEqual([headers, PRIVATE_CACHE]);
      await response.arrayBuffer();
    }
  });

  it('a streamed answer is private even though tRPC reports no error for it', async () => {
    const response = await handleTrpc(h, new Request(`${origin}${publicBatch()}`, { headers: { 'trpc-accept': 'application/jsonl' } }), '10.31.0.1');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('cache-control')).toBe(PRIVATE_CACHE);
    await response.arrayBuffer();
  });

  it('keeps the plain request public: no header, a browser\'s Accept, or a JSON content type', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }, { 'content-type': 'application/json' }] as Record<string, string>[]) {
      const response = await handleTrpc(h, new Request(`${origin}${publicBatch()}`, { headers }), '10.31.0.1');
      expect([headers, response.headers.get('cache-control')]).toEqual([headers, PUBLIC_CACHE]);
      await expectPlainJson(response);
    }
  });
});

describe('through the local server and its cache', () => {
  let clock = 1_750_000_000_000;
  const cache = new LocalCache({ now: () => clock });
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createLocalServer({ services: h, web: { middlewares: (_req, res) => res.writeHead(404).end() }, cache });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a format request first: nothing is kept, and the next plain visitor gets JSON', async () => {
    for (const headers of FORMAT_REQUESTS) {
      const path = publicBatch();
      const before = cache.size;
      const hostile = await fetch(`${base}${path}`, { headers });
      await hostile.arrayBuffer();
      expect([headers, cache.size]).toEqual([headers, before]);
      const visitor = await fetch(`${base}${path}`);
      expect(visitor.headers.get('cache-control')).toBe(PUBLIC_CACHE);
      await expectPlainJson(visitor);
    }
  });

  it('a format request that starts the refresh of a stale copy leaves no stream behind', async () => {
    const path = publicBatch();
    await expectPlainJson(await fetch(`${base}${path}`));
    clock += PUBLIC_FRESH_SECONDS * 1000 + 1;
    await (await fetch(`${base}${path}`, { headers: FORMAT_REQUESTS.at(-1) })).arrayBuffer();
    await cache.settled();
    await expectPlainJson(await fetch(`${base}${path}`));
  });

  it('never keeps a streamed answer, and sends one with a length but no transfer-encoding', async () => {
    const stream = () => Promise.resolve(new Response('{"a":1}\n', { headers: { 'cache-control': PUBLIC_CACHE, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }));
    const local = new LocalCache();
    const served = await local.serve('/k', stream);
    expect([local.size, served.headers['transfer-encoding']]).toEqual([0, undefined]);
  });
});

type CfHeaders = Record<string, { value: string }>;

/**
 * CloudFront in front of the API, as deployed: the Router's viewer-request code (run as SST runs it,
 * stacks/router-code.ts), then the cache keyed by the URL only (stacks/edge-cache.ts), then the
 * function with the headers the viewer-request code left.
 */
async function throughEdge(cache: LocalCache, path: string, headers: Record<string, string>, method = 'GET') {
  const code = `async function handler(event) {\n${viewerRequestInjection('edge-secret')}\nreturn event.request;\n}\nhandler(event);`;
  const uri = path.split('?')[0] ?? path;
  const request = { uri, method, querystring: {}, headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value }])), cookies: {} };
  const out = (await runInNewContext(code, { event: { version: '1.0', context: {}, viewer: { ip: '198.51.100.9' }, request } })) as { headers: CfHeaders };
  const forwarded = Object.fromEntries(Object.entries(out.headers).map(([name, { value }]) => [name, value]));
  const served = await cache.serve(path, () => handleTrpc(h, new Request(`${origin}${path}`, { method, headers: forwarded }), '198.51.100.9'));
  return { served, forwarded };
}

describe("through the Router's viewer-request code and an edge cache keyed by the URL", () => {
  it('drops every header that changes the format before the cache and the origin see it: everyone gets JSON', async () => {
    const edge = new LocalCache();
    for (const headers of FORMAT_REQUESTS) {
      const path = publicBatch();
      const hostile = await throughEdge(edge, path, headers);
      expect(Object.keys(hostile.forwarded).filter((name) => (FORMAT_HEADERS as readonly string[]).includes(name))).toEqual([]);
      await expectPlainJson(hostile.served);
      const visitor = await throughEdge(edge, path, {});
      expect(visitor.served.headers.age).toBeDefined();
      await expectPlainJson(visitor.served);
    }
  });

  it('leaves a POST its content type, and the site paths their headers', async () => {
    const edge = new LocalCache();
    const { forwarded } = await throughEdge(edge, '/trpc/auth.signOut', { 'content-type': 'application/json', origin }, 'POST');
    expect(forwarded['content-type']).toBe('application/json');
    const code = `function handler(event) {\n${viewerRequestInjection('s')}\nreturn event.request;\n}\nhandler(event);`;
    const site = runInNewContext(code, { event: { request: { uri: '/annonser', method: 'GET', headers: { accept: { value: 'text/html' } } } } }) as { headers: CfHeaders };
    expect(site.headers.accept?.value).toBe('text/html');
  });
});
