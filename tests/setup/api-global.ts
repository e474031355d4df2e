import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createDatabaseIfMissing, dropDatabase, migrateLocalDatabase } from '../../infra/db';
import { ensureMysql } from '../../infra/local/mysql';
import { API_WORKERS } from '../../vitest.config';
import { TEMPLATE, testDatabaseUrl } from './test-db';

/**
 * Makes MySQL ready and gives each worker a freshly migrated database, and the template each test
 * file's database is reset to (resetDatabase).
 */
export default async function setup(): Promise<void> {
  // Both API projects (api, api-planetscale) list this setup and Vitest runs each before any test: once is enough.
  if (process.env.BT_API_DATABASES_READY) return;
  process.env.BT_API_DATABASES_READY = '1';
  await ensureMysql(testDatabaseUrl(1));
  for (const worker of [TEMPLATE, ...Array.from({ length: API_WORKERS }, (_, i) => i + 1)]) {
    const url = testDatabaseUrl(worker);
    await dropDatabase(url);
    await createDatabaseIfMissing(url);
    const mysql = connectMysql(url, 1);
    try {
      await migrateLocalDatabase(mysql);
    } finally {
      await mysql.close();
    }
  }
}
