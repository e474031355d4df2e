/**
 * The statistics' aggregates at scale: N listings (BENCH_LISTINGS, default 100 000) spread over 90
 * days with one review decision each, 20 000 messages, 5 000 inquiries and users, 30 days of views
 * for one seller's 50 listings; then the real adminActivity (30 days by day, 90 by week),
 * adminReviewTimes and sellerStats are timed. Returns the timings (ms) and prints them; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingViews, listings } from '@bedriftstorget/core/listing/listing.sql';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { listingReviews } from '@bedriftstorget/core/settings/settings.sql';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { adminActivity, adminReviewTimes } from '@bedriftstorget/api/stats/admin-stats';
import { sellerStats } from '@bedriftstorget/api/stats/seller-stats';
import { createDatabaseIfMissing, dropDatabase, migrateDatabase } from '../../infra/db';
import { ensureMysql } from '../../infra/local/mysql';

const DATABASE_URL = 'mysql://root@127.0.0.1:3306/bedriftstorget_bench_stats';
const COUNT = Number(process.env.BENCH_LISTINGS ?? 100_000);
const BATCH = 2_000;
const RUNS = 10;
const DAY = 86_400_000;

type Db = ReturnType<typeof connectMysql>['db'];

async function inBatches<T>(n: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let done = 0; done < n; done += BATCH) await insert(Array.from({ length: Math.min(BATCH, n - done) }, (_, j) => make(done + j)));
}

async function seed(db: Db): Promise<string> {
  const now = Date.now();
  const at = (i: number, n: number) => new Date(now - ((i * 7919) % n) * ((90 * DAY) / n));
  const userIds = Array.from({ length: 5_000 }, () => crypto.randomUUID());
  await inBatches(userIds.length, (i) => ({ id: userIds[i]!, email: `bench${i}@example.no`, createdAt: at(i, userIds.length) }), (rows) => db.insert(users).values(rows));
  const seller = userIds[0]!;
  const listingIds = Array.from({ length: COUNT }, () => crypto.randomUUID());
  await inBatches(
    COUNT,
    (i) => {
      const createdAt = at(i, COUNT);
      return { id: listingIds[i]!, ownerId: i < 50 ? seller : userIds[1 + (i % 4_999)]!, title: `Bedrift ${i}`, industry: 'services' as const, location: 'Oslo', description: 'Testdata for ytelse.', status: 'active' as const, createdAt, submittedAt: createdAt, views: i % 300 };
    },
    (rows) => db.insert(listings).values(rows),
  );
  await inBatches(
    COUNT,
    (i) => {
      const submittedAt = at(i, COUNT);
      return { listingId: listingIds[i]!, decision: i % 7 === 0 ? ('reject' as const) : ('approve' as const), submittedAt, decidedAt: new Date(submittedAt.getTime() + ((i * 37) % 48) * 3_600_000) };
    },
    (rows) => db.insert(listingReviews).values(rows),
  );
  await inBatches(20_000, (i) => ({ listingId: listingIds[i % COUNT]!, senderId: userIds[1 + (i % 4_999)]!, receiverId: seller, messageText: 'Hei', createdAt: at(i, 20_000) }), (rows) => db.insert(messages).values(rows));
  await inBatches(5_000, (i) => ({ listingId: listingIds[i % COUNT]!, buyerId: userIds[1 + (i % 4_999)]!, buyerName: 'K', buyerEmail: 'k@example.no', message: 'Interessert', createdAt: at(i, 5_000) }), (rows) => db.insert(leads).values(rows));
  await inBatches(50 * 30 * 20, (i) => ({ listingId: listingIds[i % 50]!, visitorKey: `v:${Math.floor(i / 1500)}`, day: new Date(now - (Math.floor(i / 50) % 30) * DAY).toISOString().slice(0, 10) }), (rows) => db.insert(listingViews).ignore().values(rows));
  for (const table of ['listings', 'listing_reviews', 'messages', 'leads', 'users', 'listing_views']) await db.execute(sql.raw(`ANALYZE TABLE ${table}`));
  return seller;
}

async function p50(fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

/** Median timings in ms of each statistics query at BENCH_LISTINGS listings. */
export async function benchStats(): Promise<Record<string, number>> {
  await ensureMysql(DATABASE_URL);
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const mysql = connectMysql(DATABASE_URL, 4);
  try {
    await migrateDatabase(mysql);
    console.log(`stats: seeding ${COUNT.toLocaleString('nb-NO')} listings with reviews, messages, inquiries, views …`);
    const seller = await seed(mysql.db);
    const timings = {
      'admin.stats.activity 30 days by day': await p50(() => adminActivity(mysql.db, { days: 30, bucket: 'day' })),
      'admin.stats.activity 90 days by week': await p50(() => adminActivity(mysql.db, { days: 90, bucket: 'week' })),
      'admin.stats.review 12 weeks': await p50(() => adminReviewTimes(mysql.db)),
      'seller.stats 50 listings': await p50(() => sellerStats(mysql.db, seller)),
    };
    console.log(`statistics queries at ${COUNT.toLocaleString('nb-NO')} listings, p50 of ${RUNS} runs`);
    for (const [name, ms] of Object.entries(timings)) console.log(`  ${name}: ${ms.toFixed(1)} ms`);
    return timings;
  } finally {
    await mysql.close();
    await dropDatabase(DATABASE_URL);
  }
}
