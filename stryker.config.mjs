// @ts-check
import { readFileSync } from 'node:fs';

/**
 * Mutation testing (`npm run test:mutation`, docs/decisions/076): StrykerJS changes one operator,
 * condition or string at a time in the modules of infra/mutation/groups.json (each says why it is
 * there) and runs that group's tests; a change no test notices (a surviving mutant) is a mistake that
 * could ship silently. infra/mutation/run.ts runs one StrykerJS per group (BT_MUTATION_GROUP), after
 * preparing the test databases, and writes bench/MUTATION.md from the JSON reports.
 */
const groups = JSON.parse(readFileSync(new URL('./infra/mutation/groups.json', import.meta.url), 'utf8'));
const name = process.env.BT_MUTATION_GROUP ?? '';
if (!groups[name]) throw new Error(`BT_MUTATION_GROUP must name one of: ${Object.keys(groups).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: Object.keys(groups[name].modules),
  testRunner: 'vitest',
  vitest: { configFile: 'infra/mutation/vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // A mutant in module-level code (a constant, the table of limits) is 'static': no single test covers it,
  // so StrykerJS would rerun every test for each, with a fresh module graph. They are left out (listed as
  // 'static' in bench/MUTATION.md); the values are asserted by tests/unit/rate-limit.test.ts and others.
  ignoreStatic: true,
  plugins: ['@stryker-mutator/vitest-runner'],
  // The machine is shared: two test runners at most (each holds one of the two test databases).
  concurrency: 2,
  // API tests wait on MySQL; a loaded machine must not turn a slow run into a 'timeout' kill.
  timeoutMS: 15_000,
  timeoutFactor: 2,
  reporters: ['progress-append-only', 'clear-text', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  // Only what the tests need goes into the sandbox (the web app and its assets do not).
  ignorePatterns: ['packages/web', 'bench', 'docs', '.data', 'reports', 'test-results', 'playwright-report', 'tests/e2e'],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
