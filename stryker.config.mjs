// @ts-check
/**
 * Mutation testing (`npm run test:mutation`, docs/decisions/076): StrykerJS changes one operator,
 * condition or string at a time in the modules below and runs the tests that cover it; a change no
 * test notices (a surviving mutant) is a mistake that could ship silently. The run is started by
 * infra/mutation/run.ts, which prepares the test databases first and writes bench/MUTATION.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    // Sessions: a new session per sign-in, the cookie's flags (a lost Secure or HttpOnly is silent).
    'packages/api/src/auth/session.ts',
    // Password hashing and checking: a wrong comparison lets any password in.
    'packages/api/src/auth/password.ts',
    // The fixed-window counter every limit uses, and what each rule counts by.
    'packages/api/src/auth/rate-limit.ts',
    // The table of limits: a wrong window or message is only seen under attack.
    'packages/api/src/auth/rate-limit-rules.ts',
    // Sign-in back-off per address and network: a mistake is a lockout or a free guesser.
    'packages/api/src/auth/sign-in-throttle.ts',
    // One-time e-mail tokens: expiry, single use, retiring earlier ones.
    'packages/api/src/auth/tokens.ts',
    // The procedure builders and access checks (signed in, admin), input refusals.
    'packages/api/src/trpc.ts',
    // Origin check, body and batch caps before the body is read.
    'packages/api/src/http/guard.ts',
    // The network key that views and per-network limits count by (IPv6 by its /64).
    'packages/api/src/http/network.ts',
    // Refusing text that is not valid Unicode in any field.
    'packages/api/src/http/well-formed.ts',
    // Text cleaning shared by forms and server: invisible characters once passed 'min 5'.
    'packages/core/src/text/clean.ts',
    // View counting (once per visitor and day, never the owner's) and its pruning.
    'packages/api/src/listing/views.ts',
    // Keyset cursors from the browser: anything forged is a 400, never a query.
    'packages/api/src/paging/cursor.ts',
    // Listing visibility: who may read a listing that is not public (others get 'not found') ...
    'packages/api/src/listing/detail.ts',
    // ... and the one condition every public query starts from (active and sold listings only).
    'packages/api/src/listing/browse.ts:23',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'infra/mutation/vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The machine is shared: two test runners at most (each holds one of the two test databases).
  concurrency: 2,
  // API tests wait on MySQL; a loaded machine must not turn a slow run into a 'timeout' kill.
  timeoutMS: 15_000,
  timeoutFactor: 2,
  reporters: ['progress', 'clear-text', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Only what the tests need goes into the sandbox (the web app and its assets do not).
  ignorePatterns: ['packages/web', 'bench', 'docs', '.data', 'reports', 'test-results', 'playwright-report', 'tests/e2e'],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
