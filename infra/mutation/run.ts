/**
 * `npm run test:mutation [-- <stryker options>]`: StrykerJS on the modules listed in stryker.config.mjs
 * (docs/decisions/076), then bench/MUTATION.md from its JSON report. The test databases are made here,
 * once, under their own prefix (bt_mutation unless TEST_DATABASE_PREFIX says otherwise), so the run
 * never drops the databases of an `npm test` on the same MySQL, and StrykerJS's two test runners
 * (one database each) do not drop each other's.
 * Options after `--` go to StrykerJS, e.g. `--concurrency 1`, `--incremental`, `--mutate packages/api/src/auth/password.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { run } from '../test/steps';
import { mutationMarkdown, type MutationReport } from './report';

const REPORT_JSON = 'reports/mutation/mutation.json';
const REPORT_MD = 'bench/MUTATION.md';

process.env.TEST_DATABASE_PREFIX ??= 'bt_mutation';
const { default: prepareDatabases } = await import('../../tests/setup/api-global');
// Sets BT_API_DATABASES_READY, which the test runners inherit: their global setup then leaves the databases alone.
await prepareDatabases();

const args = process.argv.slice(2);
const load = loadavg();
const started = Date.now();
const code = await run('npx', ['--no-install', 'stryker', 'run', ...args]);
const seconds = Math.round((Date.now() - started) / 1000);
if (code !== 0) {
  console.error(`StrykerJS ended with code ${code}; ${REPORT_MD} is left as it was.`);
  process.exit(code);
}
const report = JSON.parse(await readFile(REPORT_JSON, 'utf8')) as MutationReport;
const partial = args.some((arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='));
const markdown = mutationMarkdown(report, {
  date: new Date(started).toISOString(),
  seconds,
  machine: `${cpus().length} cores, load average ${load.map((n) => n.toFixed(2)).join(' / ')} at start`,
  options: args.join(' '),
});
if (partial) {
  // A run of some files only would overwrite the whole report with part of it.
  console.log(markdown);
  console.log(`(--mutate given: ${REPORT_MD} not written)`);
} else {
  await writeFile(REPORT_MD, markdown);
  console.log(`wrote ${REPORT_MD} (${seconds} s)`);
}
