/**
 * Where the browser tests' app runs: its own port, database, S3 port and data folder, all derived
 * from E2E_PORT (default 3100) so two runs on one machine never share anything.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const databaseUrl = `mysql://root@127.0.0.1:3306/bedriftstorget_e2e_${port}`;
const dataDir = `.data/e2e-${port}`;

export const E2E = {
  appUrl: `http://localhost:${port}`,
  /** The local SES endpoint's web inbox. */
  inboxUrl: `http://127.0.0.1:${port + 1480}`,
  /** The local Vipps (infra/local/vipps): its login page and the test control for faulty tokens. */
  vippsUrl: `http://127.0.0.1:${port + 1481}`,
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  dataDir,
  databaseUrl,
  serverEnv: {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // Its own build, so a test run never rebuilds under a running app (or another run).
    WEB_DIST: `${dataDir}/web`,
    S3_PORT: String(port + 1479),
    // The local SES endpoint with its web inbox (infra/local/ses.ts); the mails' JSON copies land in DATA_DIR/outbox.
    SES_PORT: String(port + 1480),
    VIPPS_PORT: String(port + 1481),
    // Tests sign up and mail in quick succession; the sending rate itself is tested in tests/api (mail-outbox.test.ts).
    MAIL_RATE_PER_SECOND: '50',
    // Cheaper hashing keeps sign-ups fast; the production cost is measured by `npm run bench`.
    SCRYPT_LOG_N: '12',
    LOG_MAIL: 'false',
    // Every browser test signs up from 127.0.0.1; the limits themselves are tested in tests/api.
    RATE_LIMIT_MULTIPLIER: '20',
    // 'Viser X av Y' with the page however busy the machine is; the page sent before its count is
    // tested by rewriting the answer (browse-count.spec.ts).
    COUNT_WAIT_MS: '10000',
    // Browser tests approve a listing and look for it at once; the cache's own behaviour (public
    // answers kept up to their s-maxage, never a signed-in one) is tested in tests/api/edge-cache*.test.ts.
    LOCAL_CACHE: 'false',
    // Not the default, so the Personvern page's test shows the address comes from configuration.
    PRIVACY_CONTACT_EMAIL: 'personvern-e2e@example.no',
  },
} as const;
