import mysql, { type Connection, type ConnectionOptions, type Pool, type PoolOptions } from 'mysql2/promise';

/**
 * MySQL 8's default sql_mode, which PlanetScale runs with. MariaDB's default lacks
 * ONLY_FULL_GROUP_BY, NO_ZERO_IN_DATE and NO_ZERO_DATE, so a query MySQL 8 refuses would pass here;
 * every session the app, the tests, the ops CLI and the local PlanetScale stand-in open sets this
 * mode first (docs/architecture.md, 'MariaDB here, MySQL 8 there').
 */
export const MYSQL8_SQL_MODE = [
  'ONLY_FULL_GROUP_BY',
  'STRICT_TRANS_TABLES',
  'NO_ZERO_IN_DATE',
  'NO_ZERO_DATE',
  'ERROR_FOR_DIVISION_BY_ZERO',
  'NO_ENGINE_SUBSTITUTION',
].join(',');

/** UTC (PlanetScale runs in UTC, and the app stores UTC) and MySQL 8's mode, in one round trip. */
export const SESSION_SETUP_SQL = `SET time_zone = '+00:00', sql_mode = '${MYSQL8_SQL_MODE}'`;

interface CoreConnection {
  query(sql: string, callback: (error: Error | null) => void): unknown;
  destroy(): void;
}

/**
 * A mysql2 pool whose every new connection runs SESSION_SETUP_SQL before anything else: the pool
 * emits 'connection' before handing the connection out, and a connection runs its commands in order.
 */
export function createSessionPool(options: PoolOptions): Pool {
  const pool = mysql.createPool(options);
  pool.pool.on('connection', (connection: CoreConnection) => {
    connection.query(SESSION_SETUP_SQL, (error) => {
      if (!error) return;
      // Never let queries run in MariaDB's looser mode: the queued statement fails with the connection.
      console.error(`Kunne ikke sette sesjonen (${SESSION_SETUP_SQL}): ${error.message}`);
      connection.destroy();
    });
  });
  return pool;
}

/** One mysql2 connection with the same session settings as the pools. */
export async function createSessionConnection(options: ConnectionOptions | string): Promise<Connection> {
  const connection = await mysql.createConnection(typeof options === 'string' ? { uri: options } : options);
  try {
    await connection.query(SESSION_SETUP_SQL);
  } catch (error) {
    await connection.end().catch(() => undefined);
    throw error;
  }
  return connection;
}
