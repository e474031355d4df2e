import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { runBackfills } from './ops/backfill';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The schema's own record of its migrations (docs/decisions/063): this table's COMMENT names the
 * last migration applied. A comment is schema, so a PlanetScale branch and a deploy request carry it,
 * where they drop the rows drizzle's migrator keeps in __drizzle_migrations.
 */
export const SCHEMA_VERSION_TABLE = '__schema_version';
/** drizzle's migrator's ledger: read once to find where a database from before decision 063 stands. */
const DRIZZLE_LEDGER = '__drizzle_migrations';

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

export interface Migration {
  tag: string;
  when: number;
  statements: string[];
}

/** The journal's migrations in order, split by drizzle's own reader; a journal out of order is refused. */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string; when: number }[] };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => {
    // The tag goes into a COMMENT literal; the previous `when` must be older, or the order is ambiguous.
    if (!/^[A-Za-z0-9_]+$/.test(entry.tag)) throw new Error(`Migreringen «${entry.tag}» må hete bare bokstaver, sifre og _.`);
    const before = journal.entries[i - 1];
    if (before && before.when >= entry.when) throw new Error(`Journalen er i feil rekkefølge: ${entry.tag} er ikke nyere enn ${before.tag}.`);
    return { tag: entry.tag, when: entry.when, statements: (files[i]?.sql ?? []).map((s) => s.trim()).filter(Boolean) };
  });
}

async function rows<T>(handle: MysqlHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const [result] = await handle.mysql2.execute(query);
  return result as unknown as T[];
}

/** The version table's comment: null when the table is missing, '' when no migration has run. */
export async function readSchemaVersion(handle: MysqlHandle): Promise<string | null> {
  const [row] = await rows<{ comment: string }>(
    handle,
    sql`SELECT table_comment AS comment FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ${SCHEMA_VERSION_TABLE}`,
  );
  return row ? row.comment : null;
}

/**
 * Where a database without the version table stands: drizzle's ledger's newest row (everything up
 * to it was applied), or nothing when the database has no tables. Tables and no record at all is a
 * copy of a schema from before decision 063; guessing there could rerun or skip a migration.
 */
async function legacyPosition(handle: MysqlHandle, migrations: Migration[]): Promise<number> {
  const tables = await rows<{ name: string }>(
    handle,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'`,
  );
  if (tables.some((t) => t.name === DRIZZLE_LEDGER)) {
    const [row] = await rows<{ last: string | number | null }>(handle, sql`SELECT MAX(created_at) AS last FROM ${sql.identifier(DRIZZLE_LEDGER)}`);
    if (row?.last != null) return migrations.findLastIndex((m) => m.when <= Number(row.last));
  }
  // Names starting with _ are bookkeeping (drizzle's ledger, Vitess's online-DDL leftovers), not the app's schema.
  const appTables = tables.map((t) => t.name).filter((name) => !name.startsWith('_'));
  if (appTables.length === 0) return -1;
  throw new Error(
    `Databasen har tabeller (${appTables.slice(0, 5).join(', ')} …), men verken ${SCHEMA_VERSION_TABLE} eller rader i ${DRIZZLE_LEDGER}: ` +
      'det går ikke å se hvilke migreringer som er kjørt. Lag grenen fra en database som er migrert med denne versjonen.',
  );
}

async function setSchemaVersion(handle: MysqlHandle, tag: string, exists: boolean): Promise<void> {
  const comment = sql.raw(`'${tag}'`);
  const table = sql.identifier(SCHEMA_VERSION_TABLE);
  // A primary key, because PlanetScale's online schema changes need one on every table; no rows.
  await handle.mysql2.execute(
    exists
      ? sql`ALTER TABLE ${table} COMMENT = ${comment}`
      : sql`CREATE TABLE ${table} (\`id\` tinyint NOT NULL, CONSTRAINT \`__schema_version_id\` PRIMARY KEY (\`id\`)) COMMENT = ${comment}`,
  );
}

/**
 * Applies the migrations the schema has not had, in order, and records each in the version table's
 * comment (decision 063): correct on a database that has the schema and no rows, as a PlanetScale
 * branch has. Schema only: data changes are `ops backfill` (infra/ops/backfill.ts), run against the
 * production branch, since a branch's rows never reach production. Returns the tags applied.
 */
export async function migrateDatabase(handle: MysqlHandle, options: { migrationsFolder?: string } = {}): Promise<string[]> {
  const migrations = readMigrations(options.migrationsFolder ?? MIGRATIONS_DIR);
  const version = await readSchemaVersion(handle);
  let position: number;
  if (version === null) {
    position = await legacyPosition(handle, migrations);
    await setSchemaVersion(handle, migrations[position]?.tag ?? '', false);
  } else {
    position = version === '' ? -1 : migrations.findIndex((m) => m.tag === version);
    if (position < 0 && version !== '') {
      throw new Error(`Skjemaet er migrert til ${version}, som denne versjonen av koden ikke kjenner: bruk koden som laget den migreringen.`);
    }
  }
  const applied: string[] = [];
  // MySQL commits each DDL statement by itself: a migration that fails halfway leaves its first
  // statements, and the version stays at the one before (on PlanetScale, delete the branch and start over).
  for (const migration of migrations.slice(position + 1)) {
    for (const statement of migration.statements) await handle.mysql2.execute(sql.raw(statement));
    await setSchemaVersion(handle, migration.tag, true);
    applied.push(migration.tag);
  }
  return applied;
}

/**
 * `npm start`, the API tests and the bench's local databases: the migrations, then the data changes.
 * The listing-terms check reads every listing (1.6 s at 100 000), so a start only makes it after
 * migrations ran; `ops backfill` always does.
 */
export async function migrateLocalDatabase(handle: MysqlHandle): Promise<string[]> {
  const applied = await migrateDatabase(handle);
  await runBackfills(handle, { listingTerms: applied.length > 0 });
  return applied;
}
