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
