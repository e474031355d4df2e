/**
 * Database round trips counted per request (docs/decisions/073): each statement mysql2 sends, each
 * HTTP call PlanetScale's driver makes (through the local stand-in for its API), counted for the
 * request whose code sent it even when requests interleave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '@bedriftstorget/api/db/client';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { connectPlanetscale } from '@bedriftstorget/api/db/planetscale';
import { currentRequestScope, runInRequestScope } from '@bedriftstorget/api/observability/request-scope';
import { startPlanetscaleDouble, type PlanetscaleDouble } from '../../infra/local/planetscale/server';
import { testDatabaseUrl } from '../setup/test-db';
import { slot } from './harness';

const mysql = connectMysql(testDatabaseUrl(slot), 4);
let planetscale: PlanetscaleDouble;
const drivers: Record<string, () => Database> = { mysql2: () => mysql.db, planetscale: () => connectPlanetscale(planetscale.url) };

beforeAll(async () => {
  planetscale = await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(slot) });
});
afterAll(async () => {
  await mysql.close();
  await planetscale.close();
});

/** Two reads, then a transaction with one statement (BEGIN, the statement, COMMIT): five round trips. */
async function fiveRoundTrips(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
  await db.execute(sql`select 2`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 3`);
  });
}

describe.each(Object.keys(drivers))('round trips through %s', (name) => {
  it('counts each statement, a transaction\'s BEGIN and COMMIT included', async () => {
    const db = drivers[name]!();
    const trips = await runInRequestScope(async (scope) => {
      await fiveRoundTrips(db);
      return scope.dbRoundTrips;
    });
    expect(trips).toBe(5);
  });

  it('counts for the request that sent it while two requests interleave', async () => {
    const db = drivers[name]!();
    const [five, one] = await Promise.all([
      runInRequestScope(async (scope) => {
        await fiveRoundTrips(db);
        return scope.dbRoundTrips;
      }),
      runInRequestScope(async (scope) => {
        await db.execute(sql`select 4`);
        return scope.dbRoundTrips;
      }),
    ]);
    expect({ five, one }).toEqual({ five: 5, one: 1 });
  });

  it('counts statements sent together as one wait, and one sent after an answer as another', async () => {
    const db = drivers[name]!();
    const scope = await runInRequestScope(async (scope) => {
      await Promise.all([db.execute(sql`select 1`), db.execute(sql`select 2`), db.execute(sql`select 3`)]);
      await db.execute(sql`select 4`);
      return scope;
    });
    expect({ sent: scope.dbRoundTrips, inTurn: scope.dbRoundTripsInTurn }).toEqual({ sent: 4, inTurn: 2 });
  });

  it('counts a statement sent outside any request (the scheduled job, the ops CLI) for none, even one a request awaits', async () => {
    const db = drivers[name]!();
    const sentOutside = db.execute(sql`select 5`);
    expect(currentRequestScope()).toBeNull();
    const trips = await runInRequestScope(async (scope) => {
      await sentOutside;
      await db.execute(sql`select 6`);
      return scope.dbRoundTrips;
    });
    expect(trips).toBe(1);
  });
});
