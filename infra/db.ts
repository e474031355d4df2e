import { eq, isNull, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/mysql2/migrator';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { fileURLToPath } from 'node:url';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Splits `mysql://user@host:port/name` into the server URL and the database name. */
export function splitDatabaseUrl(url: string): { serverUrl: string; database: string } {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database)) {
    throw new Error(`DATABASE_URL must name a database of letters, digits and _ (got "${database}")`);
  }
  parsed.pathname = '/';
  return { serverUrl: parsed.toString(), database };
}

export async function createDatabaseIfMissing(url: string): Promise<void> {
  const { serverUrl, database } = splitDatabaseUrl(url);
  const connection = await createSessionConnection(serverUrl);
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { serverUrl, database } = splitDatabaseUrl(url);
  const connection = await createSessionConnection(serverUrl);
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await connection.end();
  }
}

/**
 * Applies pending migrations; the ops CLI reaches PlanetScale over its MySQL protocol too.
 * `checkTerms: 'always'` (the operator's `ops migrate`) also looks for listings without search
 * terms; otherwise only a run that creates listing_terms fills it — the look is an anti-join over
 * every listing (1.6 s at 100 000 on a quiet machine), too much for each `npm start`.
 */
export async function migrateDatabase(handle: MysqlHandle, options: { checkTerms?: 'always' | 'when-created' } = {}): Promise<void> {
  const hadTerms = await tableExists(handle, 'listing_terms');
  await migrate(handle.mysql2, { migrationsFolder: MIGRATIONS_DIR });
  if (!hadTerms || options.checkTerms === 'always') await backfillListingTerms(handle);
}

async function tableExists(handle: MysqlHandle, table: string): Promise<boolean> {
  const [rows] = await handle.mysql2.execute(sql`SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ${table}`);
  return (rows as unknown as unknown[]).length > 0;
}

/**
 * Listings written before the search terms existed (migration 0006) get their terms once, so an
 * existing database keeps its search after upgrading. Cheap when nothing is missing (one anti-join).
 */
async function backfillListingTerms(handle: MysqlHandle): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const missing = await handle.db
      .select({ id: listings.id })
      .from(listings)
      .leftJoin(listingTerms, eq(listingTerms.listingId, listings.id))
      .where(isNull(listingTerms.listingId))
      .limit(500);
    // Every listing has words (title, industry); the guard only stops a loop on one that has none.
    const ids = missing.map((row) => row.id).filter((id) => !tried.has(id));
    if (ids.length === 0) return;
    ids.forEach((id) => tried.add(id));
    await syncListingTerms(handle.db, ids);
  }
}
