/** The API tests' databases: one per Vitest worker, on the MySQL of TEST_DATABASE_SERVER. */
const server = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

// A different prefix lets two test runs share one MySQL without dropping each other's databases.
const prefix = process.env.TEST_DATABASE_PREFIX ?? 'bedriftstorget_test';

export function testDatabaseUrl(worker: string | number): string {
  return `${server.replace(/\/$/, '')}/${prefix}_${worker}`;
}
