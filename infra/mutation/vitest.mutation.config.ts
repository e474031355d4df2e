import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The Vitest configuration StrykerJS runs (stryker.config.mjs, docs/decisions/076): only the test files
 * that exercise the mutated modules, so a run takes minutes. StrykerJS sets the pool (one worker per
 * test runner) and copies the repo into a sandbox under .stryker-tmp.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * node_modules/@bedriftstorget/* are symlinks to the real packages/*, outside the sandbox: without the
 * alias the tests would import the unmutated source and every mutant would survive. This file lives
 * in the sandbox too, so `root` is the sandbox and the alias points at the mutated copies.
 */
const alias = [{ find: /^@bedriftstorget\/(api|core)\/(.*)$/, replacement: `${root}packages/$1/src/$2.ts` }];

/** Unit tests of the pure parts (fast: most mutants die here). */
export const UNIT_TESTS = ['api-parts', 'cursor', 'origin-guard', 'rate-limit', 'text-clean'].map((name) => `tests/unit/${name}.test.ts`);

/** API tests (real MySQL) through the procedures: sessions, limits, access checks, views, cursors. */
export const API_TESTS = [
  'abuse',
  'auth',
  'authorization',
  'authorization-owner',
  'forged-cursors',
  'invalid-text',
  'listing',
  'origin-guard',
  'rate-limits',
  'views',
].map((name) => `tests/api/${name}.test.ts`);

export default defineConfig({
  resolve: { alias },
  test: {
    onConsoleLog: () => false,
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: UNIT_TESTS, environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: API_TESTS,
          environment: 'node',
          // The databases are made once by infra/mutation/run.ts before StrykerJS starts (BT_API_DATABASES_READY),
          // not by each test runner: a runner's setup would drop the other runner's database mid-test.
          globalSetup: ['tests/setup/api-global.ts'],
          // sharp (imported by the router) is not safe to load in worker threads; each test file gets its own process.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
