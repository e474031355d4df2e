import { defineConfig } from 'vitest/config';

export const API_WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global.ts'],
          // One database per worker (bedriftstorget_test_1, _2), made fresh by the global setup.
          pool: 'forks',
          maxWorkers: API_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
