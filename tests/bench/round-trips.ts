/**
 * Database round trips of the main journeys and their handler times with 0, 5 and 20 ms added to
 * each call by the PlanetScale stand-in (decision 078): the app through PlanetScale's HTTP driver as
 * in the Lambda. Its own data set (ROUND_TRIP_LISTINGS generated listings, default 2 000), not the
 * 100 000 of the other sections: round trips do not depend on the size, and the times are of the
 * waits, not of the queries (those are the 'Query shapes' section's).
 */
import { loadLocalConfig } from '@bedriftstorget/api/config';
import type { Services } from '@bedriftstorget/api/context';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { connectPlanetscale } from '@bedriftstorget/api/db/planetscale';
import { createLocalServices } from '@bedriftstorget/api/entry/services';
import { BUDGET_LATENCY_MS, ROUND_TRIP_BUDGETS } from '@bedriftstorget/api/observability/round-trip-budgets';
import { setRequestLogSink } from '@bedriftstorget/api/observability/request-log';
import { createDatabaseIfMissing, migrateDatabase } from '../../infra/db';
import { startPlanetscaleDouble } from '../../infra/local/planetscale/server';
import { ensureMysql } from '../../infra/local/mysql';
import { seedBig } from '../../infra/seed/big';
import { buildWorld, JOURNEY_CALLS, measure, type JourneyCall, type Measured } from '../api/round-trip-journeys';
import { ms, percentiles, type Bench } from './setup';

export const ROUND_TRIP_LISTINGS = Number(process.env.ROUND_TRIP_LISTINGS ?? 2_000);
const URL_ = process.env.ROUND_TRIP_DATABASE_URL ?? `mysql://root@127.0.0.1:3306/bedriftstorget_bench_roundtrips_${ROUND_TRIP_LISTINGS}`;
const LATENCIES = [0, 5, BUDGET_LATENCY_MS];
const SAMPLES = Number(process.env.ROUND_TRIP_SAMPLES ?? 20);

interface Row { call: JourneyCall; counts: Measured; times: Record<number, { p50: number; p95: number }> }

export async function benchRoundTrips(bench: Bench): Promise<string> {
  await ensureMysql(URL_);
  await createDatabaseIfMissing(URL_);
  const migrator = connectMysql(URL_, 1);
  await migrateDatabase(migrator).finally(() => migrator.close());
  await seedBig(URL_, ROUND_TRIP_LISTINGS, { imageUrl: (industry, n) => `/images/seed/${industry}-${n}.svg` });
  const double = await startPlanetscaleDouble({ databaseUrl: URL_ });
  // Each request's log line is still built, not printed (as in the other sections).
  setRequestLogSink(() => {});
  const setup = connectMysql(URL_, 2);
  try {
    // scrypt at 2^10, as in the tests: sign-in's time here is its waits; 'Password hashing' has scrypt's own.
    // COUNT_WAIT_MS: browse is measured with its count, however long that takes; MAIL_RATE_PER_SECOND: no
    // send waits for SES's sandbox rate of one a second (the mailed message's time is its database's).
    const config = loadLocalConfig({ DATABASE_URL: URL_, SCRYPT_LOG_N: '10', LOG_MAIL: 'false', DATA_DIR: '.data/bench', RATE_LIMIT_MULTIPLIER: '1000', COUNT_WAIT_MS: '10000', MAIL_RATE_PER_SECOND: '1000', APP_URL: 'http://localhost:3000' });
    const local = createLocalServices(config, connectPlanetscale(double.url));
    // Mail and images are not the database: sent to memory, nothing to delete.
    const services: Services = { ...local, mailer: { send: () => Promise.resolve('bench') }, storage: { ...local.storage, delete: () => Promise.resolve() } };
    const world = await buildWorld(setup.db, services, 30);
    const rows: Row[] = [];
    for (const call of JOURNEY_CALLS) {
      if (Date.now() > bench.deadline) break;
      const times: Row['times'] = {};
      let counts: Measured | null = null;
      for (const latency of LATENCIES) {
        double.setLatencyMs(latency);
        await measure(double, services, setup.db, world, call, 'many');
        const samples: number[] = [];
        for (let i = 0; i < SAMPLES; i += 1) {
          const measured = await measure(double, services, setup.db, world, call, 'many');
          samples.push(measured.ms);
          counts = measured;
        }
        const { p50, p95 } = percentiles(samples);
        times[latency] = { p50, p95 };
      }
      rows.push({ call, counts: counts!, times });
      console.log(`${call.label}: ${counts!.requests} requests, ${counts!.sequential} round trips; p95 ${LATENCIES.map((l) => ms(times[l]!.p95)).join(' / ')} ms`);
    }
    bench.figures.push(...figures(rows));
    return report(rows);
  } finally {
    double.setLatencyMs(0);
    setRequestLogSink(null);
    await setup.close();
    await double.close();
  }
}

function figures(rows: Row[]): Bench['figures'] {
  return rows.flatMap(({ call, counts, times }) => {
    const budget = ROUND_TRIP_BUDGETS[call.procedure];
    if (!budget) return [];
    const out = [{ what: `round trips: ${call.label} (${call.procedure})`, measured: `${counts.sequential} (${counts.requests} requests)`, target: `≤ ${budget.roundTrips}`, met: counts.sequential <= budget.roundTrips }];
    if (budget.p95Ms) {
      const p95 = times[BUDGET_LATENCY_MS]!.p95;
      out.push({ what: `handler p95 at ${BUDGET_LATENCY_MS} ms per round trip: ${call.label}`, measured: `${ms(p95)} ms`, target: `≤ ${budget.p95Ms} ms`, met: p95 <= budget.p95Ms });
    }
    return out;
  });
}

function report(rows: Row[]): string {
  const head = `| call | procedure | requests | round trips (in turn) | budget | ${LATENCIES.map((l) => `p50 / p95 at ${l} ms`).join(' | ')} |`;
  const lines = rows.map(({ call, counts, times }) => {
    const budget = ROUND_TRIP_BUDGETS[call.procedure];
    const target = budget ? `≤ ${budget.roundTrips}${budget.p95Ms ? `, p95 ≤ ${budget.p95Ms} ms` : ''}${counts.sequential > budget.roundTrips ? ' **not met**' : ''}` : '—';
    return `| ${call.label} | ${call.procedure} | ${counts.requests} | ${counts.sequential} | ${target} | ${LATENCIES.map((l) => `${ms(times[l]!.p50)} / ${ms(times[l]!.p95)}`).join(' | ')} |`;
  });
  return [
    `${ROUND_TRIP_LISTINGS.toLocaleString('en-US')} generated listings (not 100 000), the app through PlanetScale's HTTP driver and the local stand-in; each call through the HTTP handler with its session cookie (the lookup counted), count caches cleared before each (a cold Lambda instance), ${SAMPLES} samples per latency after one warm-up. 'requests': every HTTP call the stand-in answered; 'round trips': the longest chain of them sent one after another (what the caller waits for), from the request's log line. Times in ms. Sign-in hashes at scrypt 2^10 here (2^17 in production, see 'Password hashing'). Browse waits for its count. The machine is shared: compare a row's times across latencies, measured minutes apart, with the load average below in mind.`,
    '',
    head,
    `|${'---|'.repeat(5 + LATENCIES.length)}`,
    ...lines,
  ].join('\n');
}
