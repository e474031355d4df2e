/**
 * Soak (decision 125): BENCH_SOAK_SECONDS (180) of 20 mixed public paths — the landing, browse in every
 * sort and with filters, searches for common and rare words, listing pages, counts, place
 * suggestions — at 50 connections against today's server in its own process (ab-server.ts: the
 * app's mysql2 pool, the local cache off, log lines written), at the bench's listings. Reports
 * req/s, p50/p90/p99, errors and the server's memory before and after (each after a full
 * collection, so growth is what stays).
 */
import { BENCH_DATABASE_URL, BENCH_LISTINGS, type Bench } from './setup';
import { cannon, startSide } from './ab-side';
import { batchPath } from './ab';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 180);
const CONNECTIONS = 50;
const P99_TARGET_MS = 250;

export async function soakPaths(bench: Bench): Promise<string[]> {
  const ids = ((await bench.pool.query("SELECT id FROM listings WHERE is_public ORDER BY created_at DESC LIMIT 5 OFFSET 40")) as unknown as [{ id: string }[]])[0].map((row) => row.id);
  const browse = (input: Record<string, unknown>) => batchPath('listing.browse', input);
  return [
    batchPath('listing.landing'),
    browse({ sort: 'newest' }),
    browse({ sort: 'price_asc' }),
    browse({ sort: 'price_desc' }),
    browse({ sort: 'newest', industry: 'services' }),
    browse({ sort: 'newest', location: 'Vestland' }),
    browse({ sort: 'newest', location: 'Bergen', industry: 'restaurant' }),
    browse({ sort: 'newest', minPrice: 1_000_000, maxPrice: 5_000_000 }),
    browse({ sort: 'newest', q: 'lønnsom' }),
    browse({ sort: 'newest', q: 'frisør' }),
    browse({ sort: 'newest', q: 'bakeri bergen' }),
    browse({ sort: 'price_asc', q: 'restaurant' }),
    batchPath('listing.browseCount', { q: 'lønnsom' }),
    batchPath('listing.browseCount', { industry: 'services' }),
    batchPath('listing.locations'),
    ...ids.map((id) => batchPath('listing.detail', { id })),
  ];
}

export async function benchSoak(bench: Bench): Promise<string> {
  const paths = await soakPaths(bench);
  const side = await startSide('today', process.cwd(), BENCH_DATABASE_URL);
  try {
    const requests = paths.map((path) => ({ method: 'GET', path }));
    // Warm: JIT, the pool, the counts' caches; then the memory the soak starts from.
    await cannon({ url: side.url, connections: 10, duration: 10, requests });
    const before = await side.settledMemory();
    const result = await cannon({ url: side.url, connections: CONNECTIONS, duration: SECONDS, requests, timeout: 30 });
    const after = await side.settledMemory();
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
    const failed = result.errors + result.non2xx;
    bench.figures.push({
      what: `soak: ${paths.length} mixed public paths, ${SECONDS} s at ${CONNECTIONS} connections (${BENCH_LISTINGS.toLocaleString('en-US')} listings)`,
      measured: `${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${failed} errors, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}`,
      target: `p99 ≤ ${P99_TARGET_MS} ms, 0 errors, memory flat`,
      met: result.p99 <= P99_TARGET_MS && failed === 0,
    });
    return [
      `${SECONDS} s of autocannon, ${CONNECTIONS} connections, each going through ${paths.length} public paths in turn (landing; browse in three sorts, by industry, county, town and industry, price range; searches for a common word, a trade, two words, a word sorted by price; two counts; place suggestions; five listing pages), against today's server in its own process (the app's mysql2 pool, local cache off, request log lines written to /dev/null), ${BENCH_LISTINGS.toLocaleString('en-US')} listings.`,
      '',
      '| req/s | p50 / p90 / p99 ms | requests | errors, non-2xx | heap after a full GC, before → after | RSS before → after |',
      '|---|---|---|---|---|---|',
      `| ${result.rps.toFixed(0)} | ${result.p50} / ${result.p90} / ${result.p99} | ${result.total.toLocaleString('en-US')} | ${result.errors}, ${result.non2xx} | ${mb(before.heapUsed)} → ${mb(after.heapUsed)} | ${mb(before.rss)} → ${mb(after.rss)} |`,
    ].join('\n');
  } finally {
    side.stop();
  }
}
