/**
 * `npm run bench`: figures, never assertions. Prints as it goes and writes bench/REPORT.md:
 * machine, versions, date and load average, a summary of every figure beside its target (the
 * performance goals at 100 000 listings), then one section per concern. Each section has a time limit: past it the report says
 * so and the run goes on (`BENCH_ONLY=queries,load` runs only the sections whose key is listed).
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { benchAb } from './ab';
import { benchAbInstructions } from './ab-instructions';
import { benchAuth } from './auth';
import { benchBundles } from './bundles';
import { benchEdge } from './edge';
import { benchLoad } from './load';
import { benchKeyset, benchQueries } from './queries';
import { benchSearchCounts } from './search-counts';
import { benchProfile } from './profile';
import { benchRoundTrips } from './round-trips';
import { BENCH_DATABASE_URL, BENCH_LISTINGS, openBench, type Bench, type Figure } from './setup';
import { benchSavedSearches } from './saved-searches';
import { benchSoak } from './soak';
import { benchStats } from './stats';
import { benchPdfBomb } from './pdf-bomb';
import { benchStamping } from './stamping';
import { benchLighthouse, formatLighthouse, lighthouseFigures } from './lighthouse';
import { benchWeb, formatWebBundle, INITIAL_JS_BUDGET_GZIP, webFigures } from './web';

interface Section { key: string; title: string; limitSeconds: number; needsData?: boolean; run: (bench: Bench) => Promise<string> }

const SECTIONS: Section[] = [
  { key: 'auth', needsData: true, title: 'Password hashing and auth.me', limitSeconds: 120, run: benchAuth },
  { key: 'queries', needsData: true, title: 'Query shapes: HTTP handler vs the same SQL by hand', limitSeconds: 900, run: benchQueries },
  { key: 'counts', needsData: true, title: 'Counts for common words: before and after listing_term_counts', limitSeconds: 300, run: benchSearchCounts },
  { key: 'keyset', needsData: true, title: 'Deep keyset pages: rows read', limitSeconds: 180, run: benchKeyset },
  { key: 'load', needsData: true, title: 'Load: app server vs plain node:http with the same SQL', limitSeconds: 900, run: benchLoad },
  { key: 'edge', needsData: true, title: 'Public reads through the cache: the local cache under load, origin requests per 1 000 page views', limitSeconds: 240, run: benchEdge },
  { key: 'profile', needsData: true, title: 'CPU profile of the app server under load', limitSeconds: 180, run: benchProfile },
  { key: 'ab', needsData: true, title: 'A/B against an earlier commit (BENCH_BASE): req/s and CPU per request side by side', limitSeconds: 900, run: benchAb },
  { key: 'instructions', needsData: true, title: 'A/B in instructions per request (valgrind callgrind)', limitSeconds: 1800, run: benchAbInstructions },
  { key: 'soak', needsData: true, title: 'Soak: mixed public paths for 3 minutes at 50 connections', limitSeconds: 420, run: benchSoak },
  { key: 'bundles', title: 'Lambda bundles', limitSeconds: 300, run: () => benchBundles() },
  { key: 'stats', title: 'Statistics aggregates', limitSeconds: 900, run: async () => Object.entries(await benchStats()).map(([name, ms]) => `- ${name}: p50 ${ms.toFixed(1)} ms`).join('\n') },
  {
    key: 'web',
    title: 'Web: JavaScript per route',
    limitSeconds: 420,
    run: (bench) => {
      const figures = benchWeb();
      bench.figures.push(...webFigures(figures));
      return Promise.resolve(`\`\`\`\n${formatWebBundle(figures, INITIAL_JS_BUDGET_GZIP)}\n\`\`\``);
    },
  },
  {
    key: 'lighthouse',
    title: 'Lighthouse (mobile)',
    limitSeconds: 900,
    run: async (bench) => {
      const pages = await benchLighthouse();
      bench.figures.push(...lighthouseFigures(pages));
      return `\`\`\`\n${formatLighthouse(pages)}\n\`\`\``;
    },
  },
  { key: 'roundtrips', title: 'Database round trips of the main journeys at 0, 5 and 20 ms per round trip', limitSeconds: 600, run: benchRoundTrips },
  { key: 'stamping', title: 'Data room: stamping a 20-page PDF (decision 097)', limitSeconds: 120, run: benchStamping },
  { key: 'pdfbomb', title: 'Data room: a PDF bomb and the landing page (decision 103)', limitSeconds: 300, run: benchPdfBomb },
  { key: 'alerts', needsData: true, title: 'Saved-search alerts: rows added and job time per 1 000 approvals at 100 000 saved searches', limitSeconds: 1200, run: benchSavedSearches },
];

const loadAverage = () => os.loadavg().map((v) => v.toFixed(2)).join(' / ');

const commit = () => execSync('git rev-parse --short HEAD').toString().trim();

function machine(bench: Bench | null, version: string, startLoad: string): string {
  const cpus = os.cpus();
  return [
    `- date: ${new Date().toISOString()}`,
    `- machine: ${cpus.length} × ${cpus[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}`,
    `- load average (1/5/15 min) at start: ${startLoad}; at the end: ${loadAverage()} — other sessions' builds and browser tests share the 2 cores, so absolute figures are pessimistic and vary between runs; the ratio to plain SQL, measured at the same moment, is the steadier measure`,
    `- Node ${process.version}; database ${version}${bench ? `, InnoDB buffer pool ${bench.bufferPool}` : ''}`,
    `- data: ${BENCH_LISTINGS.toLocaleString('en-US')} generated listings with users, favourites and messages in proportion (npm run ops -- seed --listings N) in ${new URL(BENCH_DATABASE_URL).pathname.slice(1)}${bench ? (bench.reused ? ', reused as it was' : `, generated in ${bench.seedSeconds.toFixed(0)} s`) : ' (not opened by this run)'}`,
    `- commit: ${commit()}; a run of some sections (BENCH_ONLY) keeps the others' last figures: each section says when it ran (and, since 2026-11-24, on which commit)`,
  ].join('\n');
}

/** Every section's last result, so a run of some sections (BENCH_ONLY) updates the report instead of replacing it. */
const STORE = 'bench/sections.json';
interface Stored { header: string; body: string; figures: Figure[] }

function summary(figures: Figure[]): string {
  const mark = (met: boolean | null) => (met === null ? '—' : met ? 'met' : '**not met**');
  return ['| what | measured | target | |', '|---|---|---|---|', ...figures.map((f) => `| ${f.what} | ${f.measured} | ${f.target} | ${mark(f.met)} |`)].join('\n');
}

/** Runs a section, or reports that it did not finish within its limit (it is then left to end on its own). */
async function runSection(section: Section, bench: Bench): Promise<string> {
  const started = Date.now();
  // Sections that loop (query shapes, counts) stop adding rows 20 s before the limit, so a slow one does not run on beside the next.
  bench.deadline = started + (section.limitSeconds - 20) * 1000;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`**Did not finish within its limit of ${section.limitSeconds} s.**`), section.limitSeconds * 1000);
  });
  try {
    const body = await Promise.race([section.run(bench), limit]);
    return `${body}\n\n_${((Date.now() - started) / 1000).toFixed(0)} s of a ${section.limitSeconds} s limit; load average after: ${loadAverage()}_`;
  } catch (error) {
    return `**Failed:** ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  const startLoad = loadAverage();
  const only = process.env.BENCH_ONLY?.split(',');
  const selected = SECTIONS.filter((s) => !only || only.includes(s.key));
  const opened = selected.some((s) => s.needsData) ? await openBench() : null;
  const bench: Bench = opened ?? ({ figures: [] } as unknown as Bench);
  const fresh: Record<string, Stored> = {};
  const readStore = (): Record<string, Stored> => (existsSync(STORE) ? (JSON.parse(readFileSync(STORE, 'utf8')) as Record<string, Stored>) : {});
  try {
    const server = await createSessionConnection(BENCH_DATABASE_URL.replace(/\/[^/]*$/, '/'));
    const [[row]] = (await server.query('SELECT VERSION() AS version')) as unknown as [{ version: string }[]];
    await server.end();
    const version = row?.version ?? '?';
    const write = () => {
      // Read again each time: another run of other sections may have written meanwhile.
      const stored = { ...readStore(), ...fresh };
      const header = machine(opened, version, startLoad);
      const figures = SECTIONS.flatMap((s) => stored[s.key]?.figures ?? []);
      const parts = SECTIONS.filter((s) => stored[s.key]).map((s) => `## ${s.title}\n\n_${stored[s.key]!.header}_\n\n${stored[s.key]!.body}`);
      const report = `# Bench report\n\n${header}\n\n## Summary: figures beside their targets\n\n${summary(figures)}\n\n${parts.join('\n\n')}\n`;
      mkdirSync('bench', { recursive: true });
      writeFileSync(STORE, `${JSON.stringify(stored, null, 1)}\n`);
      writeFileSync('bench/REPORT.md', report);
    };
    for (const section of selected) {
      console.log(`\n## ${section.title}`);
      const before = bench.figures.length;
      const sectionLoad = loadAverage();
      const body = await runSection(section, bench);
      fresh[section.key] = { header: `run ${new Date().toISOString()} on commit ${commit()}, load average at its start ${sectionLoad}`, body, figures: bench.figures.slice(before) };
      write(); // after every section, so a run cut short keeps what it measured
    }
    console.log('\nbench/REPORT.md written');
  } finally {
    await opened?.close();
  }
  // A section past its limit may still hold a child process or timer; the report is written.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
