import { defineConfig } from 'vitest/config';

export const API_WORKERS = 2;

const ALONE = ['tests/api/backfill.test.ts'];

const api = {
  environment: 'node' as const,
  globalSetup: ['tests/setup/api-global.ts'],
  // One database per worker (bedriftstorget_test_1, _2), made fresh by the global setup.
  pool: 'forks' as const,
  maxWorkers: API_WORKERS,
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Every request through the HTTP handler prints its log line (docs/decisions/073); a passing request's
    // line is noise in test output. 5xx lines (stderr) still show; tests/api/request-log.test.ts reads them all.
    onConsoleLog: (log, type) => !(type === 'stdout' && log.startsWith('{"type":"request"')),
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      { test: { ...api, name: 'api', include: ['tests/api/**/*.test.ts'], exclude: ALONE, sequence: { groupOrder: 1 } } },
      // Tests that park transactions on purpose and watch InnoDB's lock waits: alone, after the rest, so
      // another file's load never changes what they watch (in the full run they saw one wait of two).
      { test: { ...api, name: 'api-alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 3 } } },
      {
        // The transaction and lock tests (tests/api/locks-*.test.ts: quota under concurrent submits, bursts of
        // messages, double approve, review-queue and reminder claims, racing sign-ups) a second time, through
        // @planetscale/database and the local stand-in for PlanetScale's HTTP API (infra/local/planetscale),
        // after the api project, on the same databases. Whole files, so nothing is reported skipped; the api
        // project runs them through mysql2. The stand-in's own protocol tests (planetscale-double.test.ts)
        // run in the api project. Also the statements built once and sent through each request's client
        // (db/prepared.ts): the driver's own prepared-query class is what sends them.
        test: {
          ...api,
          name: 'api-planetscale',
          include: ['tests/api/locks-*.test.ts', 'tests/api/sort-pages-prepared.test.ts', 'tests/api/search-pages-prepared.test.ts', 'tests/api/filtered-pages-prepared.test.ts'],
          env: { TEST_DATABASE_DRIVER: 'planetscale' },
          // Every statement is an HTTP round trip through undici, as in the Lambda: the burst tests send
          // 300-400 of them (20 messages at once: 4.9 s on mysql2, 18-44 s here on the shared 2-core machine).
          testTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
