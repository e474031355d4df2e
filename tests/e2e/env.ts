/** Where the browser tests' app runs: its own port, database, S3 port and data folder. */
const port = 3100;

export const E2E = {
  appUrl: `http://localhost:${port}`,
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  dataDir: '.data/e2e',
  databaseUrl: 'mysql://root@127.0.0.1:3306/bedriftstorget_e2e',
  serverEnv: {
    PORT: String(port),
    DATABASE_URL: 'mysql://root@127.0.0.1:3306/bedriftstorget_e2e',
    DATA_DIR: '.data/e2e',
    S3_PORT: '4579',
    // Cheaper hashing keeps sign-ups fast; the production cost is covered by the unit tests' format check.
    SCRYPT_LOG_N: '12',
    LOG_MAIL: 'false',
  },
} as const;
