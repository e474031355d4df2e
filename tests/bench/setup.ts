/**
 * The bench's database: BENCH_LISTINGS (default 100 000) generated listings with users,
 * favourites and messages (infra/seed/big.ts) in BENCH_DATABASE_URL, kept between runs — the
 * generator adds only what is missing. One mysql2 pool serves the app (drizzle, with every SQL
 * statement recorded) and the hand-written SQL, so both share the same connections.
 */
import { drizzle } from 'drizzle-orm/mysql2';
import type { Pool } from 'mysql2/promise';
import { loadLocalConfig } from '@bedriftstorget/api/config';
import { schema, type Database } from '@bedriftstorget/api/db/client';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createSessionPool } from '@bedriftstorget/api/db/session';
import { createLocalServices } from '@bedriftstorget/api/entry/services';
import { setRequestLogSink } from '@bedriftstorget/api/observability/request-log';
import { bindable } from '@bedriftstorget/api/db/bind';
import { CountedPool } from '@bedriftstorget/api/db/round-trips';
import type { Services } from '@bedriftstorget/api/context';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { createDatabaseIfMissing, migrateDatabase } from '../../infra/db';
import { ensureMysql } from '../../infra/local/mysql';
import { seedBig } from '../../infra/seed/big';

export const BENCH_LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? `mysql://root@127.0.0.1:3306/bedriftstorget_bench_${BENCH_LISTINGS}`;

export interface Bench {
  pool: Pool;
  db: Database;
  services: Services;
  /** SQL statements the app sent while `record` ran. */
  record: <T>(fn: () => Promise<T>) => Promise<{ result: T; statements: { sql: string; params: unknown[] }[] }>;
  sessionCookie: string;
  userId: string;
  seedSeconds: number;
  /** The generated set was already complete and used as it was. */
  reused: boolean;
  /** Figures beside the targets, for the report's summary (each section adds its own). */
  figures: Figure[];
  /** The server's InnoDB buffer pool, as the bench found and left it. */
  bufferPool: string;
  /** When the running section's time limit ends (ms since the epoch): long sections stop adding rows after it. */
  deadline: number;
  close: () => Promise<void>;
}

export interface Figure { what: string; measured: string; target: string; met: boolean | null }

export async function openBench(): Promise<Bench> {
  await ensureMysql(BENCH_DATABASE_URL);
  await createDatabaseIfMissing(BENCH_DATABASE_URL);
  const migrator = connectMysql(BENCH_DATABASE_URL, 1);
  await migrateDatabase(migrator).finally(() => migrator.close());
  const started = Date.now();
  console.log(`bench database: ${BENCH_LISTINGS.toLocaleString('nb-NO')} listings (generated once, then reused)`);
  const seeded = await seedBig(BENCH_DATABASE_URL, BENCH_LISTINGS, { imageUrl: (industry, n) => `/images/seed/${industry}-${n}.svg` });
  const seedSeconds = (Date.now() - started) / 1000;

  // UTC and MySQL 8's sql_mode on every connection, as the app's own pool.
  const pool = createSessionPool({ uri: BENCH_DATABASE_URL, timezone: 'Z', connectionLimit: 10, charset: 'utf8mb4' });
  const bufferPool = await fitBufferPool(pool);
  let recording: { sql: string; params: unknown[] }[] | null = null;
  const recorded = drizzle(pool, { schema, mode: 'planetscale', logger: { logQuery: (sql, params) => recording?.push({ sql, params }) } }) as unknown as Database;
  // Bound to each request as the app's own pool is (db/mysql.ts): its statements counted through CountedPool.
  const db = bindable(recorded, (counter) => new CountedPool(pool, counter));
  const config = loadLocalConfig({ DATABASE_URL: BENCH_DATABASE_URL, SCRYPT_LOG_N: '10', LOG_MAIL: 'false', DATA_DIR: '.data/bench', APP_URL: 'http://localhost:3000' });
  const services = createLocalServices(config, db);
  // The load sections send thousands of requests a second: each log line is still built, not printed.
  setRequestLogSink(() => {});
  const userId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, email: `bench-${userId.slice(0, 8)}@example.no`, emailVerified: true });
  await db.insert(profiles).values({ id: userId, fullName: 'Bench' });
  const session = await services.auth.createSession(userId, {});
  return {
    pool,
    db,
    services,
    record: async (fn) => {
      recording = [];
      try {
        const result = await fn();
        return { result, statements: recording };
      } finally {
        recording = null;
      }
    },
    sessionCookie: `${services.auth.sessionCookieName}=${session.id}`,
    userId,
    seedSeconds,
    reused: seeded.reused === true,
    bufferPool,
    figures: [],
    deadline: Number.POSITIVE_INFINITY,
    close: () => pool.end(),
  };
}

/**
 * A fresh MariaDB has a 128 MiB buffer pool; the 100k set's terms alone are ~1.1 GB, so every
 * search read pages from the OS instead of memory (8.5 M page reads in one run) and measured the
 * default configuration, not the queries. A local server gets 2 GiB (dynamic, until it restarts;
 * a production MySQL or PlanetScale sizes its pool to the working set). Reported in the header.
 */
async function fitBufferPool(pool: Pool): Promise<string> {
  const read = async () => Number(((await pool.query('SELECT @@innodb_buffer_pool_size AS size')) as unknown as [{ size: number }[]])[0][0]?.size ?? 0);
  const before = await read();
  const wanted = 2 * 2 ** 30;
  if (before >= wanted || !['127.0.0.1', 'localhost'].includes(new URL(BENCH_DATABASE_URL).hostname)) return `${(before / 2 ** 20).toFixed(0)} MiB`;
  await pool.query(`SET GLOBAL innodb_buffer_pool_size = ${wanted}`);
  return `${(before / 2 ** 20).toFixed(0)} MiB raised to ${((await read()) / 2 ** 20).toFixed(0)} MiB by the bench`;
}

export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const ms = (v: number) => v.toFixed(v < 10 ? 2 : 1);
