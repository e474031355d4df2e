/**
 * Browse at scale: N public listings (BENCH_LISTINGS, default 100 000) in a scratch database,
 * then the real `browse()` (filters, keyset page, total, first images) timed per sort, at page 1
 * and deep in the list, with filters and searches. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { browseLocations } from '@bedriftstorget/core/listing/labels';
import { industries, listings } from '@bedriftstorget/core/listing/listing.sql';
import { browseInputSchema, browseSorts } from '@bedriftstorget/core/listing/schemas';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { browse } from '@bedriftstorget/api/listing/browse';
import { createDatabaseIfMissing, dropDatabase, migrateDatabase } from '../../infra/db';
import { ensureMysql } from '../../infra/local/mysql';

const DATABASE_URL = 'mysql://root@127.0.0.1:3306/bedriftstorget_bench_browse';
const COUNT = Number(process.env.BENCH_LISTINGS ?? 100_000);
const BATCH = 2_000;
const RUNS = 15;
const WORDS = ['kafé', 'verksted', 'regnskap', 'nettbutikk', 'konsulent', 'frisør', 'bakeri', 'rørlegger', 'treningssenter', 'blomster'];

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms`;
}

async function seed(db: ReturnType<typeof connectMysql>['db']) {
  const ownerId = crypto.randomUUID();
  await db.insert(users).values({ id: ownerId, email: 'bench@example.no', emailVerified: true });
  const start = Date.now();
  for (let done = 0; done < COUNT; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, COUNT - done) }, (_, j) => {
      const i = done + j;
      const word = WORDS[i % WORDS.length]!;
      // One listing in 1 000 carries a rare word, to compare rare and common searches.
      const rare = i % 1000 === 7 ? ' sjeldenord' : '';
      return {
        id: crypto.randomUUID(),
        ownerId,
        title: `${word} nummer ${i}${rare}`,
        industry: industries[i % industries.length]!,
        location: browseLocations[(i * 7) % browseLocations.length]!,
        description: `En bedrift innen ${word} med faste kunder og gode rutiner. Nummer ${i} i testdata for ytelse.`,
        price: i % 13 === 0 ? null : 200_000 + ((i * 7919) % 9_800_000),
        revenue: i % 17 === 0 ? null : 500_000 + ((i * 104_729) % 40_000_000),
        status: i % 10 === 9 ? ('pending' as const) : i % 10 === 8 ? ('sold' as const) : ('active' as const),
        views: (i * 31) % 500,
        createdAt: new Date(Date.now() - i * 60_000),
      };
    });
    await db.insert(listings).values(rows);
  }
  await db.execute(sql`ANALYZE TABLE listings`);
  return (Date.now() - start) / 1000;
}

export async function benchBrowse(): Promise<void> {
  await ensureMysql(DATABASE_URL);
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  const mysql = connectMysql(DATABASE_URL, 4);
  try {
    await migrateDatabase(mysql);
    console.log(`browse: seeding ${COUNT.toLocaleString('nb-NO')} listings …`);
    console.log(`  seeded in ${(await seed(mysql.db)).toFixed(1)} s`);
    const run = (input: Parameters<typeof browseInputSchema.parse>[0]) => browse(mysql.db, browseInputSchema.parse(input));
    const time = async (input: Parameters<typeof browseInputSchema.parse>[0]) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const start = performance.now();
        await run(input);
        samples.push(performance.now() - start);
      }
      return stats(samples);
    };
    console.log(`browse() per request (filters + keyset page of 12 + total + first images), ${RUNS} runs each`);
    for (const sort of browseSorts) {
      let cursor: string | undefined;
      for (let page = 1; page < 50; page += 1) cursor = (await run({ sort, cursor })).nextCursor ?? undefined;
      console.log(`  ${sort.padEnd(13)} page 1: ${await time({ sort })}   page 50: ${await time({ sort, cursor })}`);
    }
    console.log(`  industry=tech          ${await time({ industry: 'tech' })}`);
    console.log(`  location=Tromsø+craft  ${await time({ location: 'Tromsø', industry: 'craft' })}`);
    console.log(`  q=sjeldenord (rare)    ${await time({ q: 'sjeldenord' })}`);
    console.log(`  q=kafé (10 % of rows)  ${await time({ q: 'kafé' })}`);
    console.log(`  q=IT (short, industry) ${await time({ q: 'IT' })}`);
  } finally {
    await mysql.close();
    await dropDatabase(DATABASE_URL);
  }
}
