import { spawn, type ChildProcess } from 'node:child_process';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMysql, type MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { runSmoke } from '../../infra/ops/smoke';
import { API_LOG_METRICS } from '../../stacks/alarm-definitions';
import { matchesFilterPattern } from '../setup/filter-pattern';

/**
 * `ops smoke --url` against `npm start` (decision 112): the app started as a person starts it, on
 * ports of its own (E2E_PORT + 40, its S3 and SES beside it), with a database and build of its own;
 * the smoke walks it over HTTP and must leave nothing behind. The cloud run is the same code against
 * the stage's URL under `sst shell`.
 */
const base = Number(process.env.E2E_PORT ?? 3100) + 40;
const url = `http://localhost:${base}`;
const databaseUrl = `mysql://root@127.0.0.1:3306/${process.env.TEST_DATABASE_PREFIX ?? 'bt'}_smoke`;
let app: ChildProcess;
let output = '';
let mysql: MysqlHandle;

beforeAll(async () => {
  const dataDir = `.data/smoke-${base}`;
  app = spawn('npx', ['tsx', 'infra/local/start.ts', '--fresh'], {
    env: {
      ...process.env, PORT: String(base), S3_PORT: String(base + 1479), SES_PORT: String(base + 1480), DATABASE_URL: databaseUrl, DATA_DIR: dataDir,
      WEB_DIST: `${dataDir}/web`, MAIL_RATE_PER_SECOND: '50', SCRYPT_LOG_N: '12', LOG_MAIL: 'false', RATE_LIMIT_MULTIPLIER: '20', LOCAL_CACHE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  app.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  app.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let waited = 0; ; waited += 1000) {
    const up = await fetch(`${url}/trpc/auth.providers`).then((r) => r.ok, () => false);
    if (up) break;
    if (app.exitCode !== null || waited > 540_000) throw new Error(`npm start did not come up:\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  mysql = connectMysql(databaseUrl, 1);
}, 600_000);

afterAll(async () => {
  await mysql?.close();
  if (app?.pid && app.exitCode === null) process.kill(-app.pid, 'SIGTERM');
});

describe('ops smoke against npm start', () => {
  it('signs up, submits with an image and a document, downloads the stamped copy, reads a crawler page and the cache, forces a counted 500, and cleans up', async () => {
    const lines: string[] = [];
    const steps = await runSmoke(url, databaseUrl, mysql.db, (line) => lines.push(line));
    expect(steps.filter((step) => !step.ok), `${lines.join('\n')}\n${output.slice(-2000)}`).toEqual([]);
    expect(steps.map((step) => step.name)).toEqual([
      'sign-up (mail to the mailbox simulator)', 'listing submitted', 'image upload (presigned POST, checked and re-encoded)',
      'document upload and stamped download', 'crawler page', 'public read served from the edge the second time', 'forced 500, counted by api-5xx', 'clean-up',
    ]);
    // The 500 was logged as the request line the api-5xx metric filter counts.
    const pattern = API_LOG_METRICS.find((metric) => metric.key === 'api-5xx')!.pattern;
    expect(output.split('\n').filter((line) => matchesFilterPattern(pattern, line) && line.includes('drift-feil'))).toHaveLength(1);
    // Nothing left: no account under the address, no listing, no mail.
    const email = /✓ sign-up[^:]*: (\S+)/.exec(lines.join('\n'))![1]!;
    expect(await mysql.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mysql.db.select({ id: listings.id }).from(listings).where(like(listings.title, 'Røyktest%'))).toEqual([]);
    expect(await mysql.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
  }, 300_000);

  it('the forced 500 is not there without the token made from the database URL', async () => {
    const answer = await fetch(`${url}/trpc/drift-feil`, { method: 'POST', headers: { origin: url, 'x-bt-ops-token': 'gjetning' }, body: '{}' });
    expect(answer.status).toBe(404);
  });
});
