/** The API tests' databases: one per Vitest worker, on the MySQL of TEST_DATABASE_SERVER. */
const server = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

export function testDatabaseUrl(worker: string | number): string {
  return `${server.replace(/\/$/, '')}/bedriftstorget_test_${worker}`;
}
