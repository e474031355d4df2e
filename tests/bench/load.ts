/**
 * autocannon at 50 connections against the app's own server (ab-server.ts: createLocalServer over
 * the app's mysql2 pool, in a process of its own) and against a plain node:http server that sends
 * the same SQL statements and writes their rows as JSON (plain-server.ts, in a process of its own)
 * — the ceiling for this SQL on this machine.
 */
import { spawn } from 'node:child_process';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { cannon, startSide, type CannonResult } from './ab-side';
import { BENCH_DATABASE_URL, type Bench } from './setup';
import { trpcUrl } from './queries';

const DURATION = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
/**
 * Rounds per case, app and plain in turn (which goes first alternates): on a 2-core machine shared
 * with MariaDB and autocannon, a single pair of runs says more about the moment than the code. The
 * median round is the figure (decision 158).
 */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const CONNECTIONS = 50;

/** plain-server.ts in a process of its own, sent the statements it answers with. */
async function startPlain(statements: Record<string, { sql: string; params: unknown[] }[]>): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/plain-server.ts', BENCH_DATABASE_URL], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  child.send({ statements });
  const port = await new Promise<number>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the plain server ended with ${code} before listening`)));
    child.once('message', (message: { port: number }) => done(message.port));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

export async function benchLoad(bench: Bench): Promise<string> {
  const [[listing]] = (await bench.pool.query("SELECT id FROM listings WHERE status = 'active' ORDER BY created_at DESC LIMIT 1 OFFSET 100")) as unknown as [{ id: string }[]];
  const id = listing!.id;
  const browsePath = new URL(trpcUrl('listing.browse', { sort: 'newest' })).pathname + new URL(trpcUrl('listing.browse', { sort: 'newest' })).search;
  const detailPath = new URL(trpcUrl('listing.detail', { id })).pathname + new URL(trpcUrl('listing.detail', { id })).search;
  const landingPath = '/trpc/listing.landing';
  const searchPath = new URL(trpcUrl('listing.browse', { q: 'lønnsom' })).pathname + new URL(trpcUrl('listing.browse', { q: 'lønnsom' })).search;
  const headers = { cookie: bench.sessionCookie, origin: 'http://localhost:3000', 'content-type': 'application/json' };
  const call = (path: string, init?: RequestInit) => handleTrpc(bench.services, new Request(`http://localhost:3000${path}`, { ...init, headers }), '127.0.0.1').then((r) => r.text());
  const favourite = (op: 'add' | 'remove') => ({ method: 'POST', path: `/trpc/favorite.${op}`, body: JSON.stringify({ listingId: id }), headers });

  // The statements each request sends once warm (the total cached, as it is within 20 s).
  await call(browsePath);
  await call(landingPath);
  await call(searchPath);
  await call(`/trpc/listing.browseCount?input=${encodeURIComponent(JSON.stringify({ q: 'lønnsom' }))}`);
  const sqlOf = async (fn: () => Promise<unknown>) => (await bench.record(fn)).statements;
  const plain: Record<string, { sql: string; params: unknown[] }[]> = {
    browse: await sqlOf(() => call(browsePath)),
    search: await sqlOf(() => call(searchPath)),
    detail: await sqlOf(() => call(detailPath)),
    landing: await sqlOf(() => call(landingPath)),
    add: await sqlOf(() => call('/trpc/favorite.add', { method: 'POST', body: JSON.stringify({ listingId: id }) })),
    remove: await sqlOf(() => call('/trpc/favorite.remove', { method: 'POST', body: JSON.stringify({ listingId: id }) })),
  };

  // Each server in a process of its own, as a host runs the app (`npm start`; ab-server.ts) and as the
  // A/B and the soak run it: in the bench's own process the app measured ~1.4× the CPU per request it
  // takes alone (decision 157), and the plain server beside it shared that process's state.
  const appSide = await startSide('today', process.cwd(), BENCH_DATABASE_URL);
  const plainSide = await startPlain(plain);
  const appUrl = appSide.url;
  const rawUrl = plainSide.url;
  // Both warmed alike (JIT, pools) before anything is measured.
  const warm = [browsePath, searchPath, detailPath, landingPath].map((path) => ({ method: 'GET', path, headers }));
  for (const url of [appUrl, rawUrl]) await cannon({ url, connections: 10, duration: 5, requests: warm });
  const lines = [
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s each, in its own process, after 5 s of warming both servers. The app (ab-server.ts: the app's own mysql2 pool, local cache off, log lines to /dev/null) and "plain" each run in a process of their own. "plain" is node:http sending the same SQL statements (${plain.browse!.length} for browse, ${plain.search!.length} for the search, ${plain.detail!.length} for detail, ${plain.landing!.length} for the landing, ${plain.add!.length}/${plain.remove!.length} for the favourite toggle) and writing the rows as JSON.`,
    '',
    `${ROUNDS} rounds per case, app and plain in turn (the first of each pair alternating); the round with the median app ÷ plain stands for the case, and every round's app/plain req/s is listed. Errors and non-2xx per round.`,
    '',
    '| what | app req/s | app p50 / p99 ms | app errors, non-2xx | plain req/s | plain p99 ms | app ÷ plain | every round: app/plain req/s |',
    '|---|---|---|---|---|---|---|---|',
  ];
  try {
    const cases: [string, Record<string, unknown>][] = [
      ['browse (newest)', { requests: [{ method: 'GET', path: browsePath, headers }] }],
      ["search 'lønnsom' (a common word)", { requests: [{ method: 'GET', path: searchPath, headers }] }],
      ['detail', { requests: [{ method: 'GET', path: detailPath, headers }] }],
      ['landing', { requests: [{ method: 'GET', path: landingPath, headers }] }],
      ['favourite toggle', { requests: [favourite('add'), favourite('remove')] }],
    ];
    for (const [name, options] of cases) {
      const rounds: { a: CannonResult; p: CannonResult }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const load = (url: string) => cannon({ url, connections: CONNECTIONS, duration: DURATION, ...options });
        if (round % 2 === 0) rounds.push({ a: await load(appUrl), p: await load(rawUrl) });
        else {
          const p = await load(rawUrl);
          rounds.push({ a: await load(appUrl), p });
        }
      }
      // The round whose ratio is the median stands for the case; every round's figures are listed.
      const middle = [...rounds].sort((x, y) => x.a.rps / x.p.rps - y.a.rps / y.p.rps)[Math.floor(ROUNDS / 2)]!;
      const { a, p } = middle;
      const failed = rounds.reduce((sum, r) => sum + r.a.errors + r.a.non2xx, 0);
      const all = rounds.map((r) => `${r.a.rps.toFixed(0)}/${r.p.rps.toFixed(0)}`).join(', ');
      const row = `| ${name} | ${a.rps.toFixed(0)} | ${a.p50} / ${a.p99} | ${rounds.map((r) => `${r.a.errors}, ${r.a.non2xx}`).join('; ')} | ${p.rps.toFixed(0)} | ${p.p99} | ${(a.rps / p.rps).toFixed(2)} | ${all} |`;
      console.log(row);
      lines.push(row);
      figuresOf(bench, name, a.rps, failed, p.rps);
    }
  } finally {
    appSide.stop();
    plainSide.stop();
  }
  return lines.join('\n');
}

/**
 * The load targets at 50 connections: browse and the landing ≥ 1 500 req/s without errors; browse and
 * detail ≥ 0.8 of plain node:http (an earlier round's). "Fast at the origin again" asks browse ≥ 1 500
 * req/s and a common word ≥ 300, or, where this machine cannot (its plain node:http below the
 * target), the app at ≥ 0.6 of plain node:http with the same SQL.
 */
function figuresOf(bench: Bench, name: string, rps: number, failed: number, plainRps: number) {
  const ratio = rps / plainRps;
  if (name === 'browse (newest)' || name === 'landing') {
    bench.figures.push({ what: `${name} at 50 connections`, measured: `${rps.toFixed(0)} req/s, ${failed} errors`, target: '≥ 1 500 req/s, 0 errors', met: rps >= 1500 && failed === 0 });
  }
  if (name === 'browse (newest)' || name === 'detail') {
    bench.figures.push({ what: `${name}: app ÷ plain node:http with the same SQL`, measured: ratio.toFixed(2), target: '≥ 0.8', met: ratio >= 0.8 });
  }
  const originTarget = name === 'browse (newest)' ? 1500 : name.startsWith("search 'lønnsom'") ? 300 : null;
  if (originTarget !== null) {
    bench.figures.push({
      what: `${name} at 50 connections, or ÷ plain node:http where this machine's plain server is below the target`,
      measured: `${rps.toFixed(0)} req/s (plain ${plainRps.toFixed(0)}), ÷ plain ${ratio.toFixed(2)}, ${failed} errors`,
      target: `≥ ${originTarget.toLocaleString('nb-NO')} req/s, or ÷ plain ≥ 0.6`,
      met: failed === 0 && (rps >= originTarget || (plainRps < originTarget && ratio >= 0.6)),
    });
  }
}
