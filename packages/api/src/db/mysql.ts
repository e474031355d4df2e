import { drizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { schema, type Database } from './client';
import { countingPool } from './round-trips';

export interface MysqlHandle {
  db: Database;
  /** The same client with its mysql2 type, for drizzle's mysql2 migrator. */
  mysql2: MySql2Database<typeof schema>;
  close: () => Promise<void>;
}

/** mysql2 pool in UTC; `mode: 'planetscale'` avoids LATERAL joins, which MariaDB rejects (STACK-NOTES). */
export function connectMysql(url: string, connectionLimit = 10): MysqlHandle {
  const pool = mysql.createPool({ uri: url, timezone: 'Z', connectionLimit, charset: 'utf8mb4' });
  pool.pool.on('connection', (connection) => {
    connection.query("SET time_zone = '+00:00'");
  });
  // Each statement counts towards the request's round trips (its log line, docs/decisions/073).
  const mysql2 = drizzle(countingPool(pool), { schema, mode: 'planetscale' });
  return { db: mysql2, mysql2, close: () => pool.end() };
}
