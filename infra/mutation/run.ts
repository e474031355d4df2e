/**
 * `npm run test:mutation [-- --group limits,views] [-- <stryker options>]`: StrykerJS once per group of
 * infra/mutation/groups.json (docs/decisions/076), then bench/MUTATION.md from the JSON reports. The
 * test databases are made here, once, under their own prefix (bt_mutation unless TEST_DATABASE_PREFIX
 * says otherwise), so a run never drops the databases of an `npm test` on the same MySQL, and
 * StrykerJS's two test runners (one database each) never drop each other's.
 * Other options go to StrykerJS: `--concurrency 1`, `--incremental` (retest only what changed since
 * the last run's reports/mutation/<group>.incremental.json). `--report-only` rewrites the report from
 * the last JSON reports without running anything.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { run } from '../test/steps';
import { GROUPS } from './groups';
import { mutationMarkdown, type GroupRun, type MutationReport } from './report';

const REPORT_MD = 'bench/MUTATION.md';
const TIMES = 'reports/mutation/times.json';

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
const groupAt = args.indexOf('--group');
const chosen = groupAt >= 0 ? args.splice(groupAt, 2)[1]!.split(',') : Object.keys(GROUPS);
for (const name of chosen) if (!GROUPS[name]) throw new Error(`no group ${name}; the groups: ${Object.keys(GROUPS).join(', ')}`);

process.env.TEST_DATABASE_PREFIX ??= 'bt_mutation';
if (!reportOnly) {
  const { default: prepareDatabases } = await import('../../tests/setup/api-global');
  // Sets BT_API_DATABASES_READY, which the test runners inherit: their global setup then leaves the databases alone.
  await prepareDatabases();
}

const readJson = async <T>(file: string): Promise<T | null> => JSON.parse(await readFile(file, 'utf8').catch(() => 'null')) as T | null;
const times = (await readJson<Record<string, { date: string; seconds: number; load: string }>>(TIMES)) ?? {};

/** Every group's last report, so a run of some groups still gives the whole picture (each says when it ran). */
async function writeReport(): Promise<void> {
  const runs: GroupRun[] = [];
  for (const [name, group] of Object.entries(GROUPS)) {
    const report = await readJson<MutationReport>(`reports/mutation/${name}.json`);
    if (report && times[name]) runs.push({ name, about: group.about, report, ...times[name] });
  }
  const missing = Object.keys(GROUPS).filter((g) => !runs.some((r) => r.name === g));
  await writeFile(REPORT_MD, mutationMarkdown(runs, { machine: `${cpus().length} cores shared with other sessions`, missing }));
  console.log(`wrote ${REPORT_MD}`);
}

let failed = 0;
for (const name of reportOnly ? [] : chosen) {
  const started = Date.now();
  const load = loadavg().map((n) => n.toFixed(1)).join(' / ');
  console.log(`\n=== mutation group ${name}: ${Object.keys(GROUPS[name]!.modules).join(', ')}`);
  const code = await run('npx', ['--no-install', 'stryker', 'run', ...args], { ...process.env, BT_MUTATION_GROUP: name });
  if (code !== 0) {
    failed += 1;
    continue;
  }
  times[name] = { date: new Date(started).toISOString(), seconds: Math.round((Date.now() - started) / 1000), load };
  await writeFile(TIMES, `${JSON.stringify(times, null, 2)}\n`);
  // After each group: a run stopped part-way still leaves the report of what it finished.
  await writeReport();
}
if (reportOnly) await writeReport();
process.exit(failed > 0 ? 1 : 0);
