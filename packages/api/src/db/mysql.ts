import { drizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import { schema, type Database } from './client';
import { bindable } from './bind';
import { CountedPool } from './round-trips';
import { createSessionPool } from './session';

export interface MysqlHandle {
  db: Database;
  /** The same client with its mysql2 type, for drizzle's mysql2 migrator. */
  mysql2: MySql2Database<typeof schema>;
  close: () => Promise<void>;
}

/**
 * mysql2 pool in UTC with MySQL 8's sql_mode on every session (./session.ts); `mode: 'planetscale'`
 * avoids LATERAL joins, which MariaDB rejects (docs/architecture.md, 'MariaDB here, MySQL 8 there').
 */
export function connectMysql(url: string, connectionLimit = 10): MysqlHandle {
  const pool = createSessionPool({ uri: url, timezone: 'Z', connectionLimit, charset: 'utf8mb4' });
  const mysql2 = drizzle(pool, { schema, mode: 'planetscale' });
  // A request's copy counts each statement towards its round trips (its log line, docs/decisions/073).
  const db = bindable(mysql2, (counter) => new CountedPool(pool, counter));
  return { db, mysql2, close: () => pool.end() };
}
