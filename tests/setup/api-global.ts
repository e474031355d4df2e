import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { createDatabaseIfMissing, dropDatabase, migrateLocalDatabase } from '../../infra/db';
import { ensureMysql } from '../../infra/local/mysql';
import { API_WORKERS } from '../../vitest.config';
import { testDatabaseUrl } from './test-db';

/** Makes MySQL ready and gives each worker a freshly migrated database. */
export default async function setup(): Promise<void> {
  // Both API projects (api, api-planetscale) list this setup and Vitest runs each before any test: once is enough.
  if (process.env.BT_API_DATABASES_READY) return;
  process.env.BT_API_DATABASES_READY = '1';
  await ensureMysql(testDatabaseUrl(1));
  for (let worker = 1; worker <= API_WORKERS; worker += 1) {
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
