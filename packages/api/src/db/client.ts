import type { MySqlDatabase, MySqlQueryResultHKT, PreparedQueryHKTBase } from 'drizzle-orm/mysql-core';
import * as schema from '@bedriftstorget/core/db/schema';

/** One type for both drivers (mysql2 locally, PlanetScale's serverless driver in the cloud). */
export type Database = MySqlDatabase<MySqlQueryResultHKT, PreparedQueryHKTBase, typeof schema>;
export { schema };

/** Rows changed by an UPDATE/DELETE, from either driver's result shape. */
export function affectedRows(result: unknown): number {
  const first: unknown = Array.isArray(result) ? result[0] : result;
  if (first && typeof first === 'object') {
    if ('affectedRows' in first && typeof first.affectedRows === 'number') return first.affectedRows;
    if ('rowsAffected' in first && typeof first.rowsAffected === 'number') return first.rowsAffected;
  }
  throw new Error('Unknown driver result: cannot read affected rows');
}
