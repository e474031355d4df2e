/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a 4× slower CPU) against the app started as
 * `npm start` starts it — built, seeded, on its own port, database and data folder — for the
 * landing page, browse and a listing's detail page, with Debian's Chromium. Returns plain figures
 * (for bench/REPORT.md) and a text rendering. `LIGHTHOUSE_PORT` moves it (default 3180).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** LIGHTHOUSE_APP_ROOT measures another checkout (e.g. main, for a before/after comparison). */
const ROOT = process.env.LIGHTHOUSE_APP_ROOT ?? fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3180);
const APP_URL = `http://localhost:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PageFigures {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds. */
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** The LCP element as Lighthouse names it, to see what to improve. */
  lcpElement: string;
}

export const LIGHTHOUSE_TARGETS = { score: 95, lcpMs: 2000, cls: 0.02 } as const;

async function startApp(): Promise<ChildProcess> {
  const dataDir = `.data/lighthouse-${PORT}`;
  const app = spawn('npx', ['tsx', 'infra/local/start.ts', '--fresh', '--build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATABASE_URL: `mysql://root@127.0.0.1:3306/bedriftstorget_lighthouse_${PORT}`,
      DATA_DIR: dataDir,
      WEB_DIST: `${dataDir}/web`,
      S3_PORT: String(PORT + 1479),
      LOG_MAIL: 'false',
    },
  });
  // Under load the fresh build and seed take a few minutes.
  for (let i = 0; i < 600; i += 1) {
    if (app.exitCode !== null) throw new Error(`the app stopped (exit ${app.exitCode})`);
    const ready = await fetch(`${APP_URL}/trpc/auth.providers`).then((r) => r.ok, () => false);
    if (ready) return app;
    await sleep(500);
  }
  if (app.pid) process.kill(-app.pid, 'SIGTERM');
  throw new Error('the app did not start within 5 minutes');
}

async function firstListingPath(): Promise<string> {
  const response = await fetch(`${APP_URL}/trpc/listing.landing`);
  const body = (await response.json()) as { result: { data: { items: { id: string }[] } } };
  const id = body.result.data.items[0]?.id;
  if (!id) throw new Error('the seeded database has no public listing');
  return `/bedrift/${id}`;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(page: string, lhr: Lhr): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] } | undefined)?.items;
  const node = lcpItems?.[0]?.items?.[0]?.node;
  return {
    page,
    url: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement: node ? `${node.nodeLabel ?? ''} (${node.selector ?? ''})`.slice(0, 80) : '',
  };
}

/** Runs Lighthouse on landing, browse and detail, `runs` times each, keeping each page's median-performance run. */
export async function benchLighthouse(runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1)): Promise<PageFigures[]> {
  const app = await startApp();
  // The bench may end (a section past its limit) while this still runs: never leave the app behind.
  const stop = () => {
    if (app.pid && app.exitCode === null) process.kill(-app.pid, 'SIGTERM');
  };
  process.once('exit', stop);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const pages: [string, string][] = [['landing', '/'], ['browse', '/alle-annonser'], ['detail', await firstListingPath()]];
    const results: PageFigures[] = [];
    for (const [page, path] of pages) {
      await fetch(`${APP_URL}${path}`); // warm the server, not the browser
      const samples: PageFigures[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(`${APP_URL}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        samples.push(figuresOf(page, result.lhr));
      }
      samples.sort((a, b) => a.performance - b.performance);
      results.push(samples[Math.floor(samples.length / 2)]!);
    }
    return results;
  } finally {
    chrome.kill();
    stop();
    process.off('exit', stop);
  }
}

/** Each page's score, LCP and CLS beside the targets. */
export function lighthouseFigures(pages: PageFigures[]): { what: string; measured: string; target: string; met: boolean }[] {
  const t = LIGHTHOUSE_TARGETS;
  return pages.flatMap((p) => [
    { what: `Lighthouse mobile ${p.page}: performance / a11y / best practices`, measured: `${p.performance} / ${p.accessibility} / ${p.bestPractices}`, target: `≥ ${t.score} each`, met: Math.min(p.performance, p.accessibility, p.bestPractices) >= t.score },
    { what: `Lighthouse mobile ${p.page}: LCP, CLS`, measured: `${(p.lcp / 1000).toFixed(2)} s, ${p.cls.toFixed(3)}`, target: `≤ ${t.lcpMs / 1000} s, ≤ ${t.cls}`, met: p.lcp <= t.lcpMs && p.cls <= t.cls },
  ]);
}

export function formatLighthouse(pages: PageFigures[]): string {
  const t = LIGHTHOUSE_TARGETS;
  return [
    `Lighthouse 12, mobile (targets: scores ≥ ${t.score}, LCP ≤ ${t.lcpMs} ms, CLS ≤ ${t.cls})`,
    '  page       perf  a11y  best    LCP ms   FCP ms   TBT ms    CLS    LCP element',
    ...pages.map((p) =>
      `  ${p.page.padEnd(9)} ${String(p.performance).padStart(5)} ${String(p.accessibility).padStart(5)} ${String(p.bestPractices).padStart(5)} ${p.lcp.toFixed(0).padStart(9)} ${p.fcp.toFixed(0).padStart(8)} ${p.tbt.toFixed(0).padStart(8)} ${p.cls.toFixed(3).padStart(7)}    ${p.lcpElement}`),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchLighthouse()
    .then((pages) => console.log(formatLighthouse(pages)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
