import { Client, DatabaseError } from '@planetscale/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDuplicateKey } from '@bedriftstorget/api/db/errors';
import { startPlanetscaleDouble, type PlanetscaleDouble } from '../../infra/local/planetscale/server';
import { slot } from './harness';
import { testDatabaseUrl } from '../setup/test-db';

/**
 * The local stand-in for PlanetScale's HTTP API, through the real @planetscale/database client: the
 * values it casts, the session a transaction carries, row locks between two sessions, errors.
 */
const table = `double_${crypto.randomUUID().slice(0, 8)}`;
let double: PlanetscaleDouble;
let client: Client;

beforeAll(async () => {
  double = await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(slot), transactionTimeoutMs: 1_500 });
  client = new Client({ url: double.url });
  await client.execute(`CREATE TABLE ${table} (
    id INT AUTO_INCREMENT PRIMARY KEY, code VARCHAR(20) NOT NULL UNIQUE, price DECIMAL(12,2), at DATETIME(3), day DATE,
    flag BOOLEAN, note TEXT, doc JSON, big BIGINT, ratio DOUBLE, bytes VARBINARY(8)
  ) DEFAULT CHARSET = utf8mb4`);
});
afterAll(async () => {
  await client.execute(`DROP TABLE IF EXISTS ${table}`);
  await double.close();
});

describe('the PlanetScale HTTP stand-in', () => {
  it('round-trips types as the driver casts them on PlanetScale, with insertId and rowsAffected', async () => {
    const inserted = await client.execute(
      `INSERT INTO ${table} (code, price, at, day, flag, note, doc, big, ratio, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, x'00ff10')`,
      ['a', '1234567.89', '2026-11-23 12:34:56.789', '2026-11-23', true, 'Kafé i Ålesund 😀', JSON.stringify({ a: [1, 'ø'] }), '9007199254740993', 0.25],
    );
    expect(inserted.rowsAffected).toBe(1);
    expect(Number(inserted.insertId)).toBeGreaterThan(0);
    await client.execute(`INSERT INTO ${table} (code) VALUES ('b')`);

    const { rows, types } = await client.execute(`SELECT * FROM ${table} ORDER BY id`);
    expect(types).toMatchObject({ id: 'INT32', price: 'DECIMAL', at: 'DATETIME', day: 'DATE', flag: 'INT8', note: 'TEXT', doc: 'JSON', big: 'INT64', ratio: 'FLOAT64', bytes: 'VARBINARY' });
    expect(rows[0]).toEqual({
      id: Number(inserted.insertId), code: 'a', price: '1234567.89', at: '2026-11-23 12:34:56.789', day: '2026-11-23', flag: 1,
      note: 'Kafé i Ålesund 😀', doc: { a: [1, 'ø'] }, big: '9007199254740993', ratio: 0.25, bytes: new Uint8Array([0, 255, 16]),
    });
    expect(rows[1]).toMatchObject({ code: 'b', price: null, at: null, flag: null, note: null, doc: null, bytes: null });

    // Vitess counts changed rows: setting a value a row already has changes nothing.
    expect((await client.execute(`UPDATE ${table} SET flag = 1`)).rowsAffected).toBe(1);
    expect((await client.execute(`UPDATE ${table} SET flag = 1`)).rowsAffected).toBe(0);
    const count = await client.execute(`SELECT COUNT(*) AS n FROM ${table}`);
    expect(count.rows[0]).toEqual({ n: '2' });
  });

  it('leaves nothing of a transaction that was rolled back, and frees its connection', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.execute(`INSERT INTO ${table} (code) VALUES ('rolled-back')`);
        expect((await tx.execute(`SELECT code FROM ${table} WHERE code = 'rolled-back'`)).rows).toHaveLength(1);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await client.execute(`SELECT code FROM ${table} WHERE code = 'rolled-back'`)).rows).toEqual([]);
    expect(double.openTransactions()).toBe(0);
  });

  it('makes a second session wait on SELECT … FOR UPDATE until the first commits', async () => {
    await client.execute(`INSERT INTO ${table} (code, big) VALUES ('locked', 0)`);
    const order: string[] = [];
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const first = client.transaction(async (tx) => {
      await tx.execute(`SELECT big FROM ${table} WHERE code = 'locked' FOR UPDATE`);
      locked();
      await holding;
      await tx.execute(`UPDATE ${table} SET big = big + 1 WHERE code = 'locked'`);
      order.push('first commits');
    });
    await lockTaken;
    const second = client.transaction(async (tx) => {
      const { rows } = await tx.execute(`SELECT big FROM ${table} WHERE code = 'locked' FOR UPDATE`);
      order.push(`second reads ${String((rows[0] as { big: string }).big)}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first commits', 'second reads 1']);
  });

  it('reports MySQL errors as PlanetScale does, so a duplicate key is recognised', async () => {
    const error = await client.execute(`INSERT INTO ${table} (code) VALUES ('a')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error).toMatchObject({ status: 400, body: { code: 'ALREADY_EXISTS' } });
    expect((error as Error).message).toMatch(/Duplicate entry 'a'.*\(errno 1062\) \(sqlstate 23000\)/);
    expect(isDuplicateKey(error)).toBe(true);
    expect(isDuplicateKey(new Error('Duplicate entry'))).toBe(false);
  });

  it('refuses named locks, which need a connection the HTTP API does not keep', async () => {
    await expect(client.execute("SELECT GET_LOCK('x', 0)")).rejects.toThrow(/named locks/);
  });

  it('rolls back a transaction left open past its time limit and releases its locks', async () => {
    await client.execute(`INSERT INTO ${table} (code, big) VALUES ('abandoned', 0)`);
    const stale = client.transaction(async (tx) => {
      await tx.execute(`UPDATE ${table} SET big = 99 WHERE code = 'abandoned'`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await tx.execute('SELECT 1');
    });
    await expect(stale).rejects.toThrow(/exceeded timeout/);
    const { rows } = await client.transaction((tx) => tx.execute(`SELECT big FROM ${table} WHERE code = 'abandoned' FOR UPDATE`));
    expect(rows).toEqual([{ big: '0' }]);
    expect(double.openTransactions()).toBe(0);
  });

  it('holds no connection for a BEGIN until its first statement, as Vitess (decision 098)', async () => {
    const small = await startPlanetscaleDouble({ databaseUrl: testDatabaseUrl(slot), connectionLimit: 2 });
    try {
      const other = new Client({ url: small.url });
      // More transactions begun than the pool has connections, none with a statement yet.
      const begun = Array.from({ length: 4 }, () => other.connection());
      for (const connection of begun) await connection.execute('BEGIN');
      expect(small.openTransactions()).toBe(4);
      expect((await other.execute('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      // Statements after the BEGIN run in its transaction; an empty one commits with nothing to end.
      await begun[0]!.execute(`INSERT INTO ${table} (code) VALUES ('lazy')`);
      await begun[1]!.execute('COMMIT');
      await begun[0]!.execute('ROLLBACK');
      for (const connection of begun.slice(2)) await connection.execute('COMMIT');
      expect((await other.execute(`SELECT code FROM ${table} WHERE code = 'lazy'`)).rows).toEqual([]);
      expect(small.openTransactions()).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('answers a wrong password with 401', async () => {
    const wrong = new URL(double.url);
    wrong.password = 'feil';
    await expect(new Client({ url: wrong.toString() }).execute('SELECT 1')).rejects.toMatchObject({ status: 401 });
  });
});
