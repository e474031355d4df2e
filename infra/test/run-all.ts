/**
 * `npm test`: everything a change must pass — typecheck (packages, tools, SST), lint, unit and API
 * tests (Vitest, real MySQL), and browser tests (Playwright, real Chromium, the built app).
 * Prints one closing line: `N passed, N failed` (each typecheck project and lint count as one).
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureMysql } from '../local/mysql';
import { ensureChromium } from './chromium';
import { heading, run } from './steps';
import { typecheck } from './typecheck';

const RESULTS = '.data/test-results';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Tally {
  passed: number;
  failed: number;
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function vitest(): Promise<Tally> {
  heading('unit and API tests (Vitest)');
  const output = join(RESULTS, 'vitest.json');
  const code = await run('npx', ['--no-install', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]);
  const report = await readJson<{ numPassedTests: number; numFailedTests: number; numTotalTests: number }>(output);
  if (!report) return { passed: 0, failed: 1 };
  // A crash outside any test (setup, import) still fails the run.
  const extra = code !== 0 && report.numFailedTests === 0 ? 1 : 0;
  return { passed: report.numPassedTests, failed: report.numFailedTests + extra };
}

async function playwright(): Promise<Tally> {
  heading('browser tests (Playwright, Chromium)');
  const chromium = ensureChromium(CHROMIUM);
  if (!chromium.ok) {
    console.error(chromium.message);
    return { passed: 0, failed: 1 };
  }
  const output = join(RESULTS, 'playwright.json');
  const code = await run('npx', ['--no-install', 'playwright', 'test', '--reporter=list,json'], { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  const report = await readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(output);
  if (!report) return { passed: 0, failed: 1 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  // A flaky pass is a defect to fix, not a pass; a skipped test is a defect too.
  const extra = code !== 0 && unexpected === 0 ? 1 : 0;
  return { passed: expected, failed: unexpected + flaky + skipped + extra };
}

async function main() {
  await rm(RESULTS, { recursive: true, force: true });
  await mkdir(RESULTS, { recursive: true });
  const tallies: Tally[] = [];

  tallies.push(await typecheck());

  heading('lint (ESLint)');
  tallies.push((await run('npx', ['--no-install', 'eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint', '.'])) === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

  heading('MySQL');
  try {
    await ensureMysql('mysql://root@127.0.0.1:3306/bedriftstorget');
    console.log('ok');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  tallies.push(await vitest());
  tallies.push(await playwright());

  const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
  const failed = tallies.reduce((sum, t) => sum + t.failed, 0);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
