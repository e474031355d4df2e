/**
 * Database round trips counted per request (docs/decisions/073): each statement mysql2 sends, each
 * HTTP call PlanetScale's driver makes (through the local stand-in for its API), counted for the
 * request whose handle sent it (db/bind.ts, decision 143) even when requests interleave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '@bedriftstorget/api/db/client';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { connectPlanetscale } from '@bedriftstorget/api/db/planetscale';
import { bindToRequest } from '@bedriftstorget/api/db/bind';
import { runInRequestScope } from '@bedriftstorget/api/observability/request-scope';
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
      await fiveRoundTrips(bindToRequest(db, scope));
      return scope.dbRoundTrips;
    });
    expect(trips).toBe(5);
  });

  it('counts for the request that sent it while two requests interleave', async () => {
    const db = drivers[name]!();
    const [five, one] = await Promise.all([
      runInRequestScope(async (scope) => {
        await fiveRoundTrips(bindToRequest(db, scope));
        return scope.dbRoundTrips;
      }),
      runInRequestScope(async (scope) => {
        await bindToRequest(db, scope).execute(sql`select 4`);
        return scope.dbRoundTrips;
      }),
    ]);
    expect({ five, one }).toEqual({ five: 5, one: 1 });
  });

  it('counts statements sent together as one wait, and one sent after an answer as another', async () => {
    const db = drivers[name]!();
    const scope = await runInRequestScope(async (scope) => {
      const bound = bindToRequest(db, scope);
      await Promise.all([bound.execute(sql`select 1`), bound.execute(sql`select 2`), bound.execute(sql`select 3`)]);
      await bound.execute(sql`select 4`);
      return scope;
    });
    expect({ sent: scope.dbRoundTrips, inTurn: scope.dbRoundTripsInTurn }).toEqual({ sent: 4, inTurn: 2 });
  });

  it('counts a relational query sent through a request\'s handle', async () => {
    const db = drivers[name]!();
    const trips = await runInRequestScope(async (scope) => {
      await bindToRequest(db, scope).query.users.findFirst({ columns: { id: true } });
      return scope.dbRoundTrips;
    });
    expect(trips).toBe(1);
  });

  it('counts a statement sent through the unbound handle (the scheduled job, the ops CLI) for no request, even one a request awaits', async () => {
    const db = drivers[name]!();
    const sentOutside = db.execute(sql`select 5`);
    const trips = await runInRequestScope(async (scope) => {
      await sentOutside;
      await db.execute(sql`select 7`);
      await bindToRequest(db, scope).execute(sql`select 6`);
      return scope.dbRoundTrips;
    });
    expect(trips).toBe(1);
  });
});
