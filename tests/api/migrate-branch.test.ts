import { migrate as drizzleMigrate } from 'drizzle-orm/mysql2/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMysql, type MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { createDatabaseIfMissing, dropDatabase, migrateDatabase, MIGRATIONS_DIR, readMigrations, SCHEMA_VERSION_TABLE } from '../../infra/db';
import { testDatabaseUrl } from '../setup/test-db';

/**
 * `ops migrate` on a PlanetScale branch: a branch (and a deploy request) carries the schema and no
 * rows, so the migrator must know from the schema alone what has run (docs/decisions/063). A branch
 * is made here as PlanetScale makes one: SHOW CREATE TABLE of every table into an empty database.
 */
const made: string[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const url of made) await dropDatabase(url);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const TAGS = readMigrations(MIGRATIONS_DIR).map((m) => m.tag);
const LAST = TAGS.at(-1)!;

async function freshDatabase(name: string): Promise<{ url: string; handle: MysqlHandle }> {
  const url = testDatabaseUrl(`${name}_${process.pid}`);
  made.push(url);
  await dropDatabase(url);
  await createDatabaseIfMissing(url);
  return { url, handle: connectMysql(url, 1) };
}

/** Every table's CREATE TABLE, by name; AUTO_INCREMENT's counter is data, not schema. */
async function schemaOf(url: string): Promise<Record<string, string>> {
  const connection = await createSessionConnection(url);
  try {
    const [tables] = await connection.query("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'");
    const schema: Record<string, string> = {};
    for (const row of tables as Record<string, string>[]) {
      const name = Object.values(row)[0]!;
      const [[created]] = (await connection.query(`SHOW CREATE TABLE \`${name}\``)) as unknown as [Record<string, string>[]];
      schema[name] = created!['Create Table']!.replace(/ AUTO_INCREMENT=\d+/, '');
    }
    return schema;
  } finally {
    await connection.end();
  }
}

/** What PlanetScale's branch is: the source's schema, table by table, without a single row. */
async function branchOf(sourceUrl: string, name: string): Promise<{ url: string; handle: MysqlHandle }> {
  const branch = await freshDatabase(name);
  const connection = await createSessionConnection(branch.url);
  try {
    await connection.query('SET foreign_key_checks = 0');
    for (const create of Object.values(await schemaOf(sourceUrl))) await connection.query(create);
  } finally {
    await connection.end();
  }
  return branch;
}

/** The real migrations plus one more, in a folder of their own, as the next change would add it. */
function folderWithOneMore(): string {
  const folder = mkdtempSync(join(tmpdir(), 'bt-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_branch_probe' });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(
    join(folder, '9999_branch_probe.sql'),
    'CREATE TABLE `branch_probe` (`id` char(36) NOT NULL, CONSTRAINT `branch_probe_id` PRIMARY KEY(`id`));--> statement-breakpoint\n' +
      'ALTER TABLE `listings` ADD `probe_note` varchar(20) NULL;',
  );
  return folder;
}

/** The real migrations up to and including `tag`: a database made by an older checkout. */
function folderUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'bt-migrations-'));
  folders.push(folder);
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

const without = (schema: Record<string, string>, ...names: string[]) => Object.fromEntries(Object.entries(schema).filter(([name]) => !names.includes(name)));

describe('migrations on a database that has the schema and not the rows (a PlanetScale branch)', () => {
  it('an empty database migrates from zero and records the last migration in the schema', { timeout: 120_000 }, async () => {
    const { url, handle } = await freshDatabase('mig_zero');
    try {
      expect(await migrateDatabase(handle)).toEqual(TAGS);
      const schema = await schemaOf(url);
      expect(schema[SCHEMA_VERSION_TABLE]).toContain(`COMMENT='${LAST}'`);
      expect(Object.keys(schema)).toEqual(expect.arrayContaining(['listings', 'listing_terms', 'listing_term_counts', 'app_settings', 'saved_searches']));
      // The ledger is the schema's comment, not rows: nothing for a branch to lose.
      expect(Object.keys(schema)).not.toContain('__drizzle_migrations');
    } finally {
      await handle.close();
    }
  });

  it('a branch of a migrated database migrates without changing anything; with one new migration it applies that one only', { timeout: 180_000 }, async () => {
    const source = await freshDatabase('mig_main');
    try {
      await migrateDatabase(source.handle);
    } finally {
      await source.handle.close();
    }
    const branch = await branchOf(source.url, 'mig_branch');
    try {
      const before = await schemaOf(branch.url);
      expect(before).toEqual(await schemaOf(source.url));
      expect(await migrateDatabase(branch.handle)).toEqual([]);
      expect(await schemaOf(branch.url)).toEqual(before);

      const next = folderWithOneMore();
      expect(await migrateDatabase(branch.handle, { migrationsFolder: next })).toEqual(['9999_branch_probe']);
      const after = await schemaOf(branch.url);
      expect(after.branch_probe).toContain('CREATE TABLE `branch_probe`');
      expect(after.listings).toContain('`probe_note` varchar(20)');
      expect(after[SCHEMA_VERSION_TABLE]).toContain("COMMENT='9999_branch_probe'");
      // Nothing else moved: every other table is as it was.
      expect(without(after, 'branch_probe', 'listings', SCHEMA_VERSION_TABLE)).toEqual(without(before, 'listings', SCHEMA_VERSION_TABLE));

      // A branch of that branch (what the deploy request gives production) needs nothing more.
      const grandchild = await branchOf(branch.url, 'mig_branch2');
      try {
        expect(await migrateDatabase(grandchild.handle, { migrationsFolder: next })).toEqual([]);
        expect(await schemaOf(grandchild.url)).toEqual(after);
        // An older checkout does not know the schema's last migration: refused, nothing rerun.
        await expect(migrateDatabase(grandchild.handle)).rejects.toThrow(/9999_branch_probe/);
        expect(await schemaOf(grandchild.url)).toEqual(after);
      } finally {
        await grandchild.handle.close();
      }
    } finally {
      await branch.handle.close();
    }
  });

  it("a database migrated by drizzle's own migrator (its rows, no schema record) goes on from its last row", { timeout: 180_000 }, async () => {
    const reference = await freshDatabase('mig_reference');
    await migrateDatabase(reference.handle).finally(() => reference.handle.close());
    const { url, handle } = await freshDatabase('mig_rows');
    try {
      // As every database was made before decision 063: rows in __drizzle_migrations, up to 0010 here.
      await drizzleMigrate(handle.mysql2, { migrationsFolder: folderUpTo('0010_saved_searches') });
      expect(await migrateDatabase(handle)).toEqual(TAGS.slice(TAGS.indexOf('0010_saved_searches') + 1));
      expect(without(await schemaOf(url), '__drizzle_migrations')).toEqual(await schemaOf(reference.url));
      // Then on as any other: nothing twice, the next one once.
      expect(await migrateDatabase(handle)).toEqual([]);
      expect(await migrateDatabase(handle, { migrationsFolder: folderWithOneMore() })).toEqual(['9999_branch_probe']);
    } finally {
      await handle.close();
    }
  });

  it('refuses a database with tables and no record of its migrations, without touching it', { timeout: 60_000 }, async () => {
    const { url, handle } = await freshDatabase('mig_unknown');
    try {
      await handle.mysql2.execute('CREATE TABLE `listings` (`id` char(36) NOT NULL PRIMARY KEY)');
      const before = await schemaOf(url);
      await expect(migrateDatabase(handle)).rejects.toThrow(/listings/);
      expect(await schemaOf(url)).toEqual(before);
    } finally {
      await handle.close();
    }
  });
});
