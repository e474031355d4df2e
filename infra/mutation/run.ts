/**
 * `npm run test:mutation [-- --group limits,views] [-- <stryker options>]`: StrykerJS once per group of
 * infra/mutation/groups.json (docs/decisions/076), then bench/MUTATION.md from the JSON reports. The
 * test databases are made here, once, under their own prefix (bt_mutation unless TEST_DATABASE_PREFIX
 * says otherwise), so a run never drops the databases of an `npm test` on the same MySQL, and
 * StrykerJS's two test runners (one database each) never drop each other's.
 * Other options go to StrykerJS: `--concurrency 1`, `--incremental` (retest only what changed since
 * the last run's reports/mutation/<group>.incremental.json). `--report-only` rewrites the report from
 * the groups' summaries without running anything.
 * After each group its JSON report (reports/, not kept) becomes bench/mutation/<group>.json, kept in the
 * repo with the run's date, time and load: the report merges every group's last summary, so running one
 * group never drops the figures of the others.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { run } from '../test/steps';
import { GROUPS } from './groups';
import { mutationMarkdown, summarize, type GroupSummary, type Mutant, type MutationReport } from './report';

const REPORT_MD = 'bench/MUTATION.md';
const SUMMARIES = 'bench/mutation';

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

/** Every group's last summary, so a run of some groups still gives the whole picture (each says when it ran). */
async function writeReport(): Promise<void> {
  const runs: GroupSummary[] = [];
  for (const name of Object.keys(GROUPS)) {
    const summary = await readJson<GroupSummary>(`${SUMMARIES}/${name}.json`);
    if (summary) runs.push(summary);
  }
  const missing = Object.keys(GROUPS).filter((g) => !runs.some((r) => r.group === g));
  await writeFile(REPORT_MD, mutationMarkdown(runs, { machine: `${cpus().length} cores shared with other sessions`, missing }));
  console.log(`wrote ${REPORT_MD}`);
}

/**
 * StrykerJS's vitest runner reports a mutant whose run executed none of its covering tests as
 * Survived (github.com/stryker-mutator/stryker-js/issues/6073 and /6213, timing-dependent, after a run cut short by bail): not a
 * measurement. Such mutants are dropped from a copy of the report used as the incremental file, and
 * StrykerJS runs again with --incremental, which tests only those (the others keep their result).
 */
const UNMEASURED_RETRIES = 3;
const isUnmeasured = (m: Mutant) => m.status === 'Survived' && m.testsCompleted === 0;
const unmeasured = (report: MutationReport) => Object.values(report.files).flatMap((f) => f.mutants).filter(isUnmeasured).length;

async function strykerRun(name: string, extra: string[] = []): Promise<number> {
  return run('npx', ['--no-install', 'stryker', 'run', ...args.filter((a) => !extra.includes(a)), ...extra], { ...process.env, BT_MUTATION_GROUP: name });
}

let failed = 0;
for (const name of reportOnly ? [] : chosen) {
  const started = Date.now();
  const load = loadavg().map((n) => n.toFixed(1)).join(' / ');
  console.log(`\n=== mutation group ${name}: ${Object.keys(GROUPS[name]!.modules).join(', ')}`);
  let code = await strykerRun(name);
  let report = await readJson<MutationReport>(`reports/mutation/${name}.json`);
  for (let attempt = 1; code === 0 && report && unmeasured(report) > 0 && attempt <= UNMEASURED_RETRIES; attempt += 1) {
    console.log(`\n=== ${name}: ${unmeasured(report)} mutants ran no test; running them again (${attempt}/${UNMEASURED_RETRIES})`);
    const kept = { ...report, files: Object.fromEntries(Object.entries(report.files).map(([file, f]) => [file, { ...f, mutants: f.mutants.filter((m) => !isUnmeasured(m)) }])) };
    await writeFile(`reports/mutation/${name}.incremental.json`, JSON.stringify(kept));
    code = await strykerRun(name, ['--incremental']);
    report = await readJson<MutationReport>(`reports/mutation/${name}.json`);
  }
  if (code !== 0) {
    failed += 1;
    continue;
  }
  if (!report) throw new Error(`StrykerJS wrote no reports/mutation/${name}.json`);
  const thisRun = { group: name, about: GROUPS[name]!.about, date: new Date(started).toISOString(), seconds: Math.round((Date.now() - started) / 1000), load };
  await mkdir(SUMMARIES, { recursive: true });
  await writeFile(`${SUMMARIES}/${name}.json`, `${JSON.stringify(summarize(thisRun, report), null, 2)}\n`);
  // After each group: a run stopped part-way still leaves the report of what it finished.
  await writeReport();
}
if (reportOnly) await writeReport();
process.exit(failed > 0 ? 1 : 0);
