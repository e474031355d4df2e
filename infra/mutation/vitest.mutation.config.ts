import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { groupNamed } from './groups';

/**
 * The Vitest configuration StrykerJS runs (stryker.config.mjs, docs/decisions/076): only the test files
 * of one group of modules (BT_MUTATION_GROUP, infra/mutation/groups.json). StrykerJS sets the pool
 * (one worker thread per test runner) and copies the repo into a sandbox under .stryker-tmp.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const [, group] = groupNamed(process.env.BT_MUTATION_GROUP);
const files = (kind: 'unit' | 'api') => group.tests.filter((t) => t.startsWith(`${kind}/`)).map((t) => `tests/${t}.test.ts`);

/**
 * node_modules/@bedriftstorget/* are symlinks to the real packages/*, outside the sandbox: without the
 * alias the tests would import the unmutated source and every mutant would survive. This file lives
 * in the sandbox too, so `root` is the sandbox and the alias points at the mutated copies.
 */
const alias = [{ find: /^@bedriftstorget\/(api|core)\/(.*)$/, replacement: `${root}packages/$1/src/$2.ts` }];

const projects = [];
if (files('unit').length > 0) projects.push({ resolve: { alias }, test: { name: 'unit', include: files('unit'), environment: 'node' as const } });
if (files('api').length > 0) {
  projects.push({
    resolve: { alias },
    test: {
      name: 'api',
      include: files('api'),
      environment: 'node' as const,
      // The databases are made once by infra/mutation/run.ts before StrykerJS starts (BT_API_DATABASES_READY
      // makes this setup a no-op), not by each test runner: one runner's setup would drop the other's database.
      globalSetup: ['tests/setup/api-global.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({ resolve: { alias }, test: { onConsoleLog: () => false, projects } });
