/**
 * Browse's handler time over the PlanetScale stand-in at a latency per round trip (decision 093):
 * the round-trip section's browse calls only, on a data set of its own, without the rest of the
 * bench. `npx tsx tests/bench/browse-latency.ts` — BROWSE_LATENCY_LISTINGS (default 2 000),
 * BROWSE_LATENCY_MS (default 20), BROWSE_LATENCY_SAMPLES (default 40), BROWSE_LATENCY_DATABASE_URL.
 * Prints p50/p95 and the round trips per call; writes nothing to the report.
 */
import { loadLocalConfig } from '@bedriftstorget/api/config';
import type { Services } from '@bedriftstorget/api/context';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { connectPlanetscale } from '@bedriftstorget/api/db/planetscale';
import { createLocalServices } from '@bedriftstorget/api/entry/services';
import { setRequestLogSink } from '@bedriftstorget/api/observability/request-log';
import { createDatabaseIfMissing, migrateDatabase } from '../../infra/db';
import { startPlanetscaleDouble } from '../../infra/local/planetscale/server';
import { seedBig } from '../../infra/seed/big';
import { buildWorld, JOURNEY_CALLS, measure } from '../api/round-trip-journeys';
import { ms, percentiles } from './setup';

const LISTINGS = Number(process.env.BROWSE_LATENCY_LISTINGS ?? 2_000);
const LATENCY = Number(process.env.BROWSE_LATENCY_MS ?? 20);
const SAMPLES = Number(process.env.BROWSE_LATENCY_SAMPLES ?? 40);
const URL_ = process.env.BROWSE_LATENCY_DATABASE_URL ?? `mysql://root@127.0.0.1:3306/bedriftstorget_bench_browse_${LISTINGS}`;

await createDatabaseIfMissing(URL_);
const migrator = connectMysql(URL_, 1);
await migrateDatabase(migrator).finally(() => migrator.close());
await seedBig(URL_, LISTINGS, { imageUrl: (industry, n) => `/images/seed/${industry}-${n}.svg` });
const double = await startPlanetscaleDouble({ databaseUrl: URL_ });
setRequestLogSink(() => {});
const setup = connectMysql(URL_, 2);
try {
  // As the round-trip section: browse waits for its count however long it takes.
  const config = loadLocalConfig({ DATABASE_URL: URL_, SCRYPT_LOG_N: '10', LOG_MAIL: 'false', DATA_DIR: '.data/bench', RATE_LIMIT_MULTIPLIER: '1000', COUNT_WAIT_MS: '10000', APP_URL: 'http://localhost:3000' });
  const local = createLocalServices(config, connectPlanetscale(double.url));
  const services: Services = { ...local, mailer: { send: () => Promise.resolve('bench') } };
  const world = await buildWorld(setup.db, services, 30);
  double.setLatencyMs(LATENCY);
  for (const call of JOURNEY_CALLS.filter((c) => c.procedure === 'listing.browse' || c.procedure === 'listing.browseCount')) {
    await measure(double, services, setup.db, world, call, 'many');
    const samples: number[] = [];
    let last = { requests: 0, sequential: 0 };
    for (let i = 0; i < SAMPLES; i += 1) {
      const measured = await measure(double, services, setup.db, world, call, 'many');
      samples.push(measured.ms);
      last = measured;
    }
    const { p50, p95 } = percentiles(samples);
    console.log(`${call.label}: ${last.sequential} round trips (${last.requests} requests); p50 ${ms(p50)} / p95 ${ms(p95)} ms at ${LATENCY} ms (${SAMPLES} samples, ${LISTINGS} listings)`);
  }
} finally {
  setRequestLogSink(null);
  await setup.close();
  await double.close();
}
