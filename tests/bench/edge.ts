/**
 * Public reads through a shared cache (decisions 080, 081): the local server's cache under
 * autocannon at 50 connections, and how many requests reach the origin per 1 000 page views of a
 * modelled mix of visits, run through the same cache code on a simulated clock.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { PUBLIC_CACHE, PUBLIC_FRESH_SECONDS, PUBLIC_STALE_SECONDS } from '@bedriftstorget/api/http/cache-policy';
import { LocalCache } from '@bedriftstorget/api/http/local-cache';
import { BENCH_LISTINGS, type Bench } from './setup';
import { trpcUrl } from './queries';

const DURATION = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = 50;
const TARGET_RPS = 5_000;
/** The model's listings: the target size, whatever the bench database holds (the model reads no data). */
const MODEL_LISTINGS = 100_000;

async function cannon(options: Record<string, unknown>): Promise<{ rps: number; p50: number; p99: number; errors: number; non2xx: number }> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'tests/bench/cannon.ts', JSON.stringify({ connections: CONNECTIONS, duration: DURATION, ...options })], { maxBuffer: 10_000_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { rps: number; p50: number; p99: number; errors: number; non2xx: number };
}

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

export async function benchEdge(bench: Bench): Promise<string> {
  const cache = new LocalCache();
  const app = createLocalServer({ services: bench.services, web: { distDir: '/nonexistent' }, cache });
  const url = await listen(app);
  const browse = new URL(trpcUrl('listing.browse', { sort: 'newest', industry: 'services' }));
  const path = browse.pathname + browse.search;
  // Signed-in visitors send their cookie along: the cached answer is the same for them.
  const requests = [{ method: 'GET', path, headers: { cookie: bench.sessionCookie } }];
  await fetch(`${url}${path}`);
  // The ceiling on this machine: node:http writing the same bytes with the same headers, nothing else.
  const copy = cache.fresh(path);
  if (!copy) throw new Error('browse was not kept by the cache: is its answer marked public?');
  const plain = createServer((_req, res) => void res.writeHead(200, copy.head).end(copy.body));
  const plainUrl = await listen(plain);
  const lines: string[] = [];
  try {
    // Two rounds each, alternating: other sessions' load on the shared cores swings a single run by 2×.
    const rounds = [];
    for (let round = 0; round < 2; round += 1) rounds.push({ app: await cannon({ url, requests }), plain: await cannon({ url: plainUrl, requests }) });
    const best = <T extends { rps: number }>(runs: T[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const result = best(rounds.map((r) => r.app));
    const ceiling = best(rounds.map((r) => r.plain));
    const runs = rounds.map((r) => `${r.app.rps.toFixed(0)} / ${r.plain.rps.toFixed(0)}`).join(', ');
    const failed = result.errors + result.non2xx;
    lines.push(
      `At ${BENCH_LISTINGS.toLocaleString('en-US')} listings. autocannon, ${CONNECTIONS} connections, ${DURATION} s each, in its own process, against createLocalServer with its cache: one browse shape (services, newest, ${copy.body.length.toLocaleString('en-US')} bytes) asked again and again, with a session cookie; "plain" is node:http writing the same bytes and headers. Two rounds each, alternating; the better of each is in the table (all runs, cache / plain req/s: ${runs}).`,
      '',
      '| what | req/s | p50 / p99 ms | errors, non-2xx | plain node:http req/s | ÷ plain | target |',
      '|---|---|---|---|---|---|---|',
      `| repeated browse through the local cache | ${result.rps.toFixed(0)} | ${result.p50} / ${result.p99} | ${result.errors}, ${result.non2xx} | ${ceiling.rps.toFixed(0)} | ${(result.rps / ceiling.rps).toFixed(2)} | ≥ ${TARGET_RPS.toLocaleString('en-US')} req/s |`,
    );
    bench.figures.push({ what: `repeated browse through the local cache at ${CONNECTIONS} connections (${BENCH_LISTINGS.toLocaleString('en-US')} listings)`, measured: `${result.rps.toFixed(0)} req/s, ${failed} errors (plain node:http ${ceiling.rps.toFixed(0)})`, target: '≥ 5 000 req/s', met: result.rps >= TARGET_RPS && failed === 0 });
  } finally {
    app.close();
    plain.close();
  }
  const mix = await originPerThousand();
  lines.push('', MIX_TEXT, '', '| page views per second | origin requests per 1 000 page views | of which public (cache misses) | private (always the origin) | without a cache |', '|---|---|---|---|---|');
  for (const row of mix) lines.push(`| ${row.rate} | ${row.origin.toFixed(0)} | ${row.publicMisses.toFixed(0)} | ${row.private.toFixed(0)} | ${row.uncached.toFixed(0)} |`);
  const typical = mix.find((row) => row.rate === 2)!;
  bench.figures.push({ what: 'origin requests per 1 000 page views (modelled mix, 2 views/s)', measured: `${typical.origin.toFixed(0)} (${typical.uncached.toFixed(0)} without the cache)`, target: 'reported', met: null });
  return lines.join('\n');
}

const MIX_TEXT = [
  `Origin requests per 1 000 page views: a modelled hour of traffic sent through the same LocalCache code on a simulated clock, with every public answer marked \`${PUBLIC_CACHE}\` (N = ${PUBLIC_FRESH_SECONDS} s, M = ${PUBLIC_STALE_SECONDS} s). The mix: visits of 4 page views; 20 % of visits signed in; a page view is the landing (15 %), browse (45 %) or a listing (40 %).`,
  `Browse: 40 % the default page, the rest one of 1 440 shapes (12 industries × 6 sorts × 20 towns) with Zipf(1) popularity, a fifth of them a second page; listings: Zipf(1) over ${MODEL_LISTINGS.toLocaleString('en-US')} ids (the target size; the model reads no data).`,
  'A visit\'s first view is an HTML page (cached too: /bedrift/{id} and /alle-annonser carry their first data; the landing\'s HTML is the static site, not counted). Each view then sends its public query (not on the first view of browse or a listing), every listing view its recordView (POST), and a signed-in visit auth.me and favorite.ids once and listing.viewer per listing.',
].join('\n');

/** A seeded generator, so every run models the same traffic. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Zipf(1) over 1..n by inverse transform on the harmonic numbers' approximation. */
function zipf(n: number, next: () => number): number {
  const h = Math.log(n) + 0.5772;
  return Math.min(n, Math.max(1, Math.floor(Math.exp(next() * h - 0.5772))));
}

async function originPerThousand() {
  const rows = [];
  for (const rate of [0.5, 2, 10, 50]) {
    let now = 0;
    const cache = new LocalCache({ now: () => now, maxEntries: 100_000, maxBytes: 2 ** 40 });
    const counts = { publicMisses: 0, private: 0, uncached: 0 };
    const answer = () => {
      counts.publicMisses += 1;
      return Promise.resolve(new Response('{}', { headers: { 'cache-control': PUBLIC_CACHE } }));
    };
    const publicGet = async (key: string) => {
      counts.uncached += 1;
      await cache.serve(key, answer);
    };
    const privateCall = (n = 1) => {
      counts.private += n;
      counts.uncached += n;
    };
    const next = random(42);
    const views = 3_600 * rate;
    for (let view = 0; view < views; view += 1) {
      now = (view / rate) * 1000;
      const first = view % 4 === 0;
      const signedIn = Math.floor(view / 4) % 5 === 0;
      if (first && signedIn) privateCall(2); // auth.me, favorite.ids
      if (first && !signedIn) privateCall(1); // auth.me (a visitor's answers null)
      const kind = next();
      if (kind < 0.15) {
        await publicGet('landing');
      } else if (kind < 0.6) {
        const shape = next() < 0.4 ? 'default' : `shape-${zipf(1_440, next)}`;
        const key = next() < 0.2 ? `${shape}-page2` : shape;
        await publicGet(first ? `html:${key}` : key);
      } else {
        const id = zipf(MODEL_LISTINGS, next);
        await publicGet(first ? `html:listing-${id}` : `listing-${id}`);
        privateCall(signedIn ? 2 : 1); // recordView, and listing.viewer for a signed-in visit
      }
      await cache.settled();
    }
    const per = 1000 / views;
    rows.push({ rate, origin: (counts.publicMisses + counts.private) * per, publicMisses: counts.publicMisses * per, private: counts.private * per, uncached: counts.uncached * per });
  }
  return rows;
}
