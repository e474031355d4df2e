/**
 * `npm run bench`: figures for what the foundation puts on hot paths. Not a test: it prints.
 *  - scrypt at the production cost (2^17), which every sign-in and sign-up pays;
 *  - auth.me through the HTTP handler with a valid session cookie (session lookup + role check),
 *    the call every page load makes, against a real MySQL;
 *  - browse at 100 000 listings (tests/bench/browse.ts).
 */
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '@bedriftstorget/api/auth/password';
import { loadLocalConfig } from '@bedriftstorget/api/config';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createLocalServices } from '@bedriftstorget/api/entry/services';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { createDatabaseIfMissing, dropDatabase, migrateDatabase } from '../../infra/db';
import { ensureMysql } from '../../infra/local/mysql';
import { benchBrowse } from './browse';

const DATABASE_URL = 'mysql://root@127.0.0.1:3306/bedriftstorget_bench';

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
  return `n=${samples.length} mean=${mean.toFixed(2)} ms p50=${at(0.5).toFixed(2)} ms p95=${at(0.95).toFixed(2)} ms max=${at(1).toFixed(2)} ms`;
}

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  console.log('scrypt N=2^17, r=8, p=1 (production cost)');
  const hashTimes: number[] = [];
  let hash = '';
  for (let i = 0; i < 3; i += 1) hashTimes.push(await time(async () => { hash = await hashPassword('hemmelig1', 17); }));
  console.log(`  hash    ${summary(hashTimes)}`);
  const verifyTimes: number[] = [];
  for (let i = 0; i < 3; i += 1) verifyTimes.push(await time(() => verifyPassword('hemmelig1', hash)));
  console.log(`  verify  ${summary(verifyTimes)}`);

  await ensureMysql(DATABASE_URL);
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const mysql = connectMysql(DATABASE_URL, 4);
  try {
    await migrateDatabase(mysql);
    const config = loadLocalConfig({ DATABASE_URL, SCRYPT_LOG_N: '10', LOG_MAIL: 'false', DATA_DIR: '.data/bench' });
    const services = createLocalServices(config, mysql.db);
    const userId = crypto.randomUUID();
    await mysql.db.insert(users).values({ id: userId, email: 'bench@example.no', emailVerified: true });
    await mysql.db.insert(profiles).values({ id: userId, fullName: 'Bench' });
    const session = await services.auth.createSession(userId, {});
    const request = () => new Request(`${config.appUrl}/trpc/auth.me`, { headers: { cookie: `${services.auth.sessionCookieName}=${session.id}` } });

    for (let i = 0; i < 50; i += 1) await handleTrpc(services, request(), '127.0.0.1'); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      samples.push(await time(async () => {
        const response = await handleTrpc(services, request(), '127.0.0.1');
        if (response.status !== 200) throw new Error(`auth.me answered ${response.status}`);
        await response.text();
      }));
    }
    console.log('auth.me with a session cookie, through handleTrpc, sequential');
    console.log(`  ${summary(samples)}`);
    const total = await time(() => Promise.all(Array.from({ length: 1000 }, () => handleTrpc(services, request(), '127.0.0.1').then((r) => r.text()))));
    console.log(`  1000 concurrent: ${total.toFixed(0)} ms total, ${(1000 / (total / 1000)).toFixed(0)} requests/s`);
  } finally {
    await mysql.close();
    await dropDatabase(DATABASE_URL);
  }
  await benchBrowse();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
