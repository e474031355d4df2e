import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { schema, type Database } from './client';

export interface MysqlHandle {
  db: Database;
  close: () => Promise<void>;
}

/** mysql2 pool in UTC; `mode: 'planetscale'` avoids LATERAL joins, which MariaDB rejects (STACK-NOTES). */
export function connectMysql(url: string, connectionLimit = 10): MysqlHandle {
  const pool = mysql.createPool({ uri: url, timezone: 'Z', connectionLimit, charset: 'utf8mb4' });
  pool.pool.on('connection', (connection) => {
    connection.query("SET time_zone = '+00:00'");
  });
  const db = drizzle(pool, { schema, mode: 'planetscale' }) as unknown as Database;
  return { db, close: () => pool.end() };
}
