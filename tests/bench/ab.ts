/**
 * A/B against a named earlier commit (decision 125): BENCH_BASE (default cc41b96, turn 3) and today's
 * checkout, each as its own local server (ab-server.ts: the app's own mysql2 pool, the local cache
 * off, log lines written to /dev/null) over the same bench database, loaded by autocannon at
 * BENCH_AB_CONNECTIONS (20) per side, BENCH_AB_ROUNDS rounds. BENCH_AB_MODE=together (the default,
 * decision 144): both sides loaded at the same time, each by its own autocannon, so whatever else
 * the machine runs weighs on both alike; `alternate`: one side after the other, alternating which
 * goes first (a quiet machine's absolute req/s). Beside req/s, each side's CPU time per request
 * (user + system of its process, over every request of every round). Then a V8 CPU profile of both
 * sides per shape, by area, in µs per request.
 */
import { BENCH_DATABASE_URL, BENCH_LISTINGS, type Bench } from './setup';
import { baseWorktree, cannon, cannonTogether, measured, measuredTogether, startSide, type CannonResult, type Side } from './ab-side';
import { summarise, top, type ProfileSummary } from './profile-summary';

export const DEFAULT_BASE = 'cc41b96';
const CONNECTIONS = Number(process.env.BENCH_AB_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_AB_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 2);
const PROFILE_SECONDS = Number(process.env.BENCH_AB_PROFILE_SECONDS ?? 6);
const MODE = process.env.BENCH_AB_MODE === 'alternate' ? 'alternate' : 'together';
/**
 * `together` only: each side's requests per second, fixed (0: as many as it answers). At a rate
 * both sides keep up with, both do the same work per second, so CPU per request compares like with
 * like; run flat out on a busy machine, the side that falls behind batches less and pays more per
 * request, and the ratio drifts from round to round (an A/A run of one commit gave ×0.86–1.37).
 */
const RATE = Number(process.env.BENCH_AB_RATE ?? 0);
/** The least today may reach of the base's req/s (decision 125). */
const TARGET_RATIO = 0.95;

/** One tRPC GET as the web client sends it: a batch of one (`?batch=1&input={"0":…}`). */
export function batchPath(procedure: string, input?: unknown): string {
  return `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input ?? null }))}`;
}

export async function abShapes(bench: Bench): Promise<[string, string][]> {
  const [[listing]] = (await bench.pool.query("SELECT id FROM listings WHERE status = 'active' ORDER BY created_at DESC LIMIT 1 OFFSET 100")) as unknown as [{ id: string }[]];
  const shapes: [string, string][] = [
    ['landing', batchPath('listing.landing')],
    ['browse (newest)', batchPath('listing.browse', { sort: 'newest' })],
    ["search 'lønnsom' (a common word)", batchPath('listing.browse', { q: 'lønnsom', sort: 'newest' })],
    ["search 'frisør' (a trade)", batchPath('listing.browse', { q: 'frisør', sort: 'newest' })],
    ['detail', batchPath('listing.detail', { id: listing!.id })],
  ];
  // BENCH_AB_SHAPES=landing,browse: only the shapes whose name starts with one of these.
  const only = process.env.BENCH_AB_SHAPES?.split(',');
  return only ? shapes.filter(([name]) => only.some((prefix) => name.startsWith(prefix))) : shapes;
}

interface Runs { today: (CannonResult & { cpuPerRequest: number })[]; base: (CannonResult & { cpuPerRequest: number })[] }

interface Spread { median: number; low: number; high: number }
/** The median and quartiles of a few ratios. */
function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => {
    const i = (sorted.length - 1) * q;
    const [lo, hi] = [Math.floor(i), Math.ceil(i)];
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
  };
  return { median: at(0.5), low: at(0.25), high: at(0.75) };
}

const best = (runs: CannonResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
/** CPU per request over every request of every run (each run's total weighs in). */
const cpuOf = (runs: Runs['today']) => runs.reduce((sum, r) => sum + r.cpuPerRequest * r.total, 0) / Math.max(1, runs.reduce((sum, r) => sum + r.total, 0));

export async function benchAb(bench: Bench): Promise<string> {
  const commit = process.env.BENCH_BASE ?? DEFAULT_BASE;
  const base = baseWorktree(commit);
  const sides = { today: await startSide('today', process.cwd(), BENCH_DATABASE_URL), base: await startSide('base', base.dir, BENCH_DATABASE_URL) };
  const shapes = await abShapes(bench);
  const load = (side: Side, path: string, duration = SECONDS) => cannon({ url: side.url, connections: CONNECTIONS, duration, requests: [{ method: 'GET', path }] });
  const results = new Map<string, Runs>();
  const profiles = new Map<string, { today: ProfileSummary & { requests: number }; base: ProfileSummary & { requests: number } }>();
  try {
    // Warm both: JIT, pools, the 20 s count caches.
    for (const [, path] of shapes) for (const side of [sides.today, sides.base]) await load(side, path, 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, path] of shapes) {
        const runs = results.get(name) ?? { today: [], base: [] };
        if (MODE === 'together') {
          const options = (side: Side) => ({ url: side.url, connections: CONNECTIONS, duration: SECONDS, requests: [{ method: 'GET' as const, path }], ...(RATE > 0 ? { overallRate: RATE } : {}) });
          const [today, base] = await measuredTogether([sides.today, sides.base], () => cannonTogether([options(sides.today), options(sides.base)]));
          runs.today.push(today!);
          runs.base.push(base!);
        } else {
          const order = round % 2 === 0 ? (['today', 'base'] as const) : (['base', 'today'] as const);
          for (const key of order) runs[key].push(await measured(sides[key], () => load(sides[key], path)));
        }
        results.set(name, runs);
        console.log(`${name}: today ${runs.today.at(-1)!.rps.toFixed(0)} req/s ${runs.today.at(-1)!.cpuPerRequest.toFixed(0)} µs, base ${runs.base.at(-1)!.rps.toFixed(0)} req/s ${runs.base.at(-1)!.cpuPerRequest.toFixed(0)} µs`);
      }
    }
    if (PROFILE_SECONDS > 0) {
      for (const [name, path] of shapes) {
        const one = async (side: Side) => {
          const { result, profile } = await side.profile(() => load(side, path, PROFILE_SECONDS));
          return { ...summarise(profile), requests: result.total };
        };
        profiles.set(name, { base: await one(sides.base), today: await one(sides.today) });
      }
    }
  } finally {
    sides.today.stop();
    sides.base.stop();
  }
  const lines = [
    `Base ${base.sha.slice(0, 12)} (BENCH_BASE=${commit}) beside today's checkout, both over the same ${BENCH_LISTINGS.toLocaleString('en-US')} listings, each its own server process (the app's own mysql2 pool, local cache off, request log lines written to /dev/null), visitors' GETs as the web client sends them (a batch of one). ${MODE === 'together' ? `both sides loaded over the same seconds by one autocannon process, ${CONNECTIONS} connections each${RATE > 0 ? ` at ${RATE} requests a second each (so both do the same work per second; req/s is then the rate, and CPU per request is the figure)` : ''}, so other work on the machine weighs on both alike` : `autocannon in its own process, ${CONNECTIONS} connections, one side after the other, alternating which goes first`}; ${SECONDS} s a run, ${ROUNDS} rounds; req/s is the better run of each side, CPU is the server process's user + system time per request over all its runs (the steadier figure on a shared machine).`,
    '',
    `Round by round (the same seconds in \`together\` mode, neighbouring ones in \`alternate\`) today's req/s and CPU per request are divided by the base's: the table gives the median of those ratios and their middle half (quartiles), steadier than a ratio of two best runs when the machine's load moves.`,
    '',
    '| shape | base req/s | today req/s | today ÷ base req/s (median of rounds, quartiles) | base CPU µs/req | today CPU µs/req | today ÷ base CPU (median, quartiles) | today p50 / p99 ms | all runs today / base req/s |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name] of shapes) {
    const runs = results.get(name)!;
    const [t, b] = [best(runs.today), best(runs.base)];
    const [ct, cb] = [cpuOf(runs.today), cpuOf(runs.base)];
    const failed = runs.today.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
    const rps = spread(runs.today.map((r, i) => r.rps / Math.max(1e-9, runs.base[i]!.rps)));
    const cpu = spread(runs.today.map((r, i) => r.cpuPerRequest / Math.max(1e-9, runs.base[i]!.cpuPerRequest)));
    const shown = (q: Spread) => `×${q.median.toFixed(2)} (${q.low.toFixed(2)}–${q.high.toFixed(2)})`;
    lines.push(`| ${name} | ${b.rps.toFixed(0)} | ${t.rps.toFixed(0)} | ${shown(rps)} | ${cb.toFixed(0)} | ${ct.toFixed(0)} | ${shown(cpu)} | ${t.p50} / ${t.p99} | ${runs.today.map((r, i) => `${r.rps.toFixed(0)}/${runs.base[i]!.rps.toFixed(0)}`).join(', ')} |`);
    bench.figures.push({
      what: `A/B ${name}: today ÷ base ${base.sha.slice(0, 7)} (${CONNECTIONS} connections, ${MODE})`,
      // At a fixed rate both answer the same req/s: what each could answer is then its CPU's inverse.
      measured: `${RATE > 0 ? `req/s per CPU second ×${(1 / cpu.median).toFixed(2)} (at ${RATE} req/s each)` : `req/s ${shown(rps)}`}; CPU per request ${shown(cpu)} (${ct.toFixed(0)} / ${cb.toFixed(0)} µs)${failed ? `; ${failed} errors` : ''}`,
      target: `≥ ×${TARGET_RATIO}`,
      met: (RATE > 0 ? 1 / cpu.median : rps.median) >= TARGET_RATIO && failed === 0,
    });
  }
  if (profiles.size) lines.push('', ...profileTables(profiles));
  return lines.join('\n');
}

/** Per shape: CPU per request by area, both sides, from V8's sampling profiler (200 µs); and today's costliest functions. */
function profileTables(profiles: Map<string, { today: ProfileSummary & { requests: number }; base: ProfileSummary & { requests: number } }>): string[] {
  const lines = [`V8 CPU profiles, ${PROFILE_SECONDS} s of the same load per side and shape: self time per request (µs) by area, then today's top functions beside the base's figure for a function of the same name and file.`];
  for (const [name, { today, base }] of profiles) {
    const per = (summary: ProfileSummary & { requests: number }, t: number | undefined) => (t ?? 0) / Math.max(1, summary.requests);
    const areas = top(new Map([...today.byArea, ...[...base.byArea].map(([k, v]) => [k, Math.max(v, today.byArea.get(k) ?? 0)] as const)]), 12).map(([area]) => area).filter((area) => area !== '(idle)');
    lines.push('', `**${name}** — busy µs per request: today ${per(today, today.busy).toFixed(0)}, base ${per(base, base.busy).toFixed(0)}`, '', '| area | base µs/req | today µs/req |', '|---|---|---|');
    for (const area of areas) lines.push(`| ${area} | ${per(base, base.byArea.get(area)).toFixed(1)} | ${per(today, today.byArea.get(area)).toFixed(1)} |`);
    lines.push('', '| today\'s function (top 12 by self time) | base µs/req | today µs/req |', '|---|---|---|');
    for (const [fn, t] of top(today.byFunctionName, 12)) lines.push(`| \`${fn.replace(/\|/g, '\\|')}\` | ${per(base, base.byFunctionName.get(fn)).toFixed(1)} | ${per(today, t).toFixed(1)} |`);
  }
  return lines;
}
