import type { Connection } from 'mysql2/promise';
/** The API tests' databases: one per Vitest worker, on the MySQL of TEST_DATABASE_SERVER. */
const server = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

// A different prefix lets two test runs share one MySQL without dropping each other's databases.
const prefix = process.env.TEST_DATABASE_PREFIX ?? 'bedriftstorget_test';

export function testDatabaseUrl(worker: string | number): string {
  return `${server.replace(/\/$/, '')}/${prefix}_${worker}`;
}

/**
 * Claims one of the prepared databases for this worker process: a MySQL named lock per slot, held
 * by a connection that lives as long as the process. VITEST_POOL_ID cannot be trusted for this
 * (with several projects every worker reported 1, and two workers wrote to one database).
 */
export async function claimSlot(slots: number): Promise<number> {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection(server);
  for (let attempt = 0; attempt < 300; attempt += 1) {
    for (let slot = 1; slot <= slots; slot += 1) {
      const [rows] = await connection.query('SELECT GET_LOCK(?, 0) AS got', [`${prefix}_slot_${slot}`]);
      if ((rows as { got: number }[])[0]?.got === 1) {
        // Keep the connection (and so the lock) until the worker exits, without holding the process open.
        (connection as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
        return slot;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no free test database among ${slots}`);
}

/** A migrated database no test writes to: what every test file's database starts from. */
export const TEMPLATE = 'template';

/**
 * Gives this test file a database as freshly migrated: every table emptied, then the rows a migrated
 * database starts with (app_settings …) copied from the template. Each file stands alone: nothing it
 * reads was left by another file, so no test has to date its rows past everyone else's.
 */
export async function resetDatabase(worker: string | number): Promise<void> {
  // MySQL 8's sql_mode, as every session of the app and the tests (docs/decisions/064).
  const { createSessionConnection } = await import('@bedriftstorget/api/db/session');
  const connection = await createSessionConnection(testDatabaseUrl(worker));
  const template = `${prefix}_${TEMPLATE}`;
  try {
    const [listed] = await connection.query(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_\\_%'",
    );
    const tables = (listed as { name: string }[]).map((row) => row.name);
    // The template's tables that hold rows (counted, not information_schema's estimate).
    const [filled] = await connection.query(tables.map((name) => `(SELECT '${name}' AS name FROM \`${template}\`.\`${name}\` LIMIT 1)`).join(' UNION ALL '));
    const seeded = new Set((filled as { name: string }[]).map((row) => row.name));
    await connection.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const name of tables) {
      await connection.query(`DELETE FROM \`${name}\``);
      if (seeded.has(name)) await copyRows(connection, template, name);
    }
  } finally {
    await connection.query('SET FOREIGN_KEY_CHECKS = 1').catch(() => undefined);
    await connection.end();
  }
}

/** INSERT … SELECT of the template's rows, naming the columns (generated ones cannot be written). */
async function copyRows(connection: Connection, template: string, table: string): Promise<void> {
  const [columns] = await connection.query(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND extra NOT LIKE '%GENERATED%' ORDER BY ordinal_position`,
    [template, table],
  );
  const list = (columns as { name: string }[]).map((c) => `\`${c.name}\``).join(', ');
  await connection.query(`INSERT INTO \`${table}\` (${list}) SELECT ${list} FROM \`${template}\`.\`${table}\``);
}
