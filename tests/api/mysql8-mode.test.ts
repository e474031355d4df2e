import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '@bedriftstorget/api/db/connect';
import { mysqlErrno } from '@bedriftstorget/api/db/errors';
import { createSessionConnection, MYSQL8_SQL_MODE } from '@bedriftstorget/api/db/session';
import { startPlanetscaleDouble, type PlanetscaleDouble } from '../../infra/local/planetscale/server';
import { slot } from './harness';
import { testDatabaseUrl } from '../setup/test-db';

/**
 * PlanetScale is MySQL 8: every session here (the app's mysql2 pool, the local PlanetScale stand-in
 * behind the HTTP driver, the single connections of e2e, bench and ops) runs in MySQL 8's default
 * sql_mode, so a query MySQL 8 refuses is refused in the tests too.
 */
const ER_WRONG_FIELD_WITH_GROUP = 1055;
/** A non-aggregated column (title) outside GROUP BY: MySQL 8 refuses it, MariaDB's default mode does not. */
const LOOSE_GROUP_BY = 'SELECT status, title FROM listings GROUP BY status';
const ER_TRUNCATED_WRONG_VALUE = 1292;
const modeOf = (value: unknown) => String(value).split(',').sort();
const expected = MYSQL8_SQL_MODE.split(',').sort();
/** The HTTP driver's result carries its rows in `rows`. */
const httpRows = (result: unknown) => (result as { rows: { mode: string }[] }).rows;

async function refusal(run: () => PromiseLike<unknown>): Promise<number | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return mysqlErrno(error);
  }
}

let mysql2: DatabaseHandle;
let double: PlanetscaleDouble;
let planetscale: DatabaseHandle;

beforeAll(async () => {
  mysql2 = connectDatabase('mysql2', testDatabaseUrl(slot), 3);
  double = await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(slot), connectionLimit: 3 });
  planetscale = connectDatabase('planetscale', double.url);
});
afterAll(async () => {
  await mysql2.close();
  await double.close();
});

describe("MySQL 8's sql_mode on every session", () => {
  it("the app's mysql2 pool: every connection has the mode and refuses a loose GROUP BY", async () => {
    // Three at once: the pool opens three connections, and each must have been set.
    const modes = await Promise.all([1, 2, 3].map(() => mysql2.db.execute(sql`SELECT @@SESSION.sql_mode AS mode, SLEEP(0.05)`)));
    for (const [rows] of modes as unknown as [{ mode: string }[]][]) expect(modeOf(rows[0]?.mode)).toEqual(expected);
    expect(await refusal(() => mysql2.db.execute(sql.raw(LOOSE_GROUP_BY)))).toBe(ER_WRONG_FIELD_WITH_GROUP);
  });

  it('the PlanetScale stand-in, through the HTTP driver: the mode in and out of transactions, a loose GROUP BY refused', async () => {
    const outside = await Promise.all([1, 2, 3].map(() => planetscale.db.execute(sql`SELECT @@SESSION.sql_mode AS mode, SLEEP(0.05)`)));
    for (const result of outside) expect(modeOf(httpRows(result)[0]?.mode)).toEqual(expected);
    const inside = await planetscale.db.transaction(async (tx) => httpRows(await tx.execute(sql`SELECT @@SESSION.sql_mode AS mode`)));
    expect(modeOf(inside[0]?.mode)).toEqual(expected);
    expect(await refusal(() => planetscale.db.execute(sql.raw(LOOSE_GROUP_BY)))).toBe(ER_WRONG_FIELD_WITH_GROUP);
  });

  it('single connections (e2e, bench, ops) refuse a zero date, as MySQL 8 does', async () => {
    const connection = await createSessionConnection(testDatabaseUrl(slot));
    try {
      const [rows] = await connection.query('SELECT @@SESSION.sql_mode AS mode');
      expect(modeOf((rows as { mode: string }[])[0]?.mode)).toEqual(expected);
      // NO_ZERO_DATE with strict mode: an error, where MariaDB's default stores 0000-00-00 with a warning.
      await connection.query('CREATE TEMPORARY TABLE zero_dates (day DATE NOT NULL)');
      expect(await refusal(() => connection.query("INSERT INTO zero_dates (day) VALUES ('0000-00-00')"))).toBe(ER_TRUNCATED_WRONG_VALUE);
      expect(await refusal(() => connection.query(LOOSE_GROUP_BY))).toBe(ER_WRONG_FIELD_WITH_GROUP);
    } finally {
      await connection.end();
    }
  });
});
