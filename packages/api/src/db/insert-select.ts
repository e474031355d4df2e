import { getTableColumns, getTableName, is, sql, SQL, type InferInsertModel } from 'drizzle-orm';
import type { MySqlColumn, MySqlTable } from 'drizzle-orm/mysql-core';

/** A column named with its table (drizzle leaves a single-table query's columns unqualified, also inside `sql`). */
export const qualified = (column: MySqlColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * `INSERT INTO table (…) SELECT <the row's values> <rest>`: a row written only when `rest` (its FROM,
 * WHERE and locking clause) yields one, in one statement. Values are encoded by their columns as
 * drizzle's own insert does (or a value given as SQL, as it is); a column the row leaves out takes its
 * drizzle default, else the table's.
 */
export function insertSelect<T extends MySqlTable>(table: T, row: InferInsertModel<T>, rest: SQL): SQL {
  const values = row as Record<string, unknown>;
  const entries = Object.entries(getTableColumns(table) as Record<string, MySqlColumn>).flatMap(([key, column]) => {
    // A generated column (drizzle's own insert leaves out the same ones).
    if (column.generated && column.generated.type !== 'byDefault') return [];
    const given = values[key];
    // A value may be SQL of its own, read in the same statement (a listing's seller mark, seller/quota.ts).
    if (given !== undefined) return [{ column, value: is(given, SQL) ? given : sql.param(given, column) }];
    if (!column.defaultFn) return [];
    const made = column.defaultFn();
    return [{ column, value: is(made, SQL) ? made : sql.param(made, column) }];
  });
  const names = sql.join(entries.map(({ column }) => sql.identifier(column.name)), sql`, `);
  return sql`INSERT INTO ${table} (${names}) SELECT ${sql.join(entries.map(({ value }) => value), sql`, `)} ${rest}`;
}
