import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, readMigrations } from '../../infra/db';

/**
 * What a migration may hold (docs/decisions/063 and 064): on PlanetScale it runs on a development
 * branch, whose rows never reach production, so data statements there would be lost (they are steps
 * of `ops backfill`, infra/ops/backfill.ts); and PlanetScale is MySQL 8, so syntax only MariaDB
 * knows would pass every local test and fail on the branch.
 */
const DATA_STATEMENT = /^(INSERT|UPDATE|DELETE|REPLACE|TRUNCATE|LOAD\s+DATA)\b/i;
const MARIADB_ONLY: [string, RegExp][] = [
  ['IF NOT EXISTS on a column or index', /\b(ADD|CREATE\s+(UNIQUE\s+|FULLTEXT\s+)?INDEX|MODIFY|CHANGE)\s+(COLUMN\s+|INDEX\s+|KEY\s+)?IF\s+NOT\s+EXISTS\b/i],
  ['IF EXISTS on a column, index or key', /\bDROP\s+(COLUMN\s+|INDEX\s+|KEY\s+|FOREIGN\s+KEY\s+|CONSTRAINT\s+)IF\s+EXISTS\b/i],
  ['RETURNING', /\bRETURNING\b/i],
  ['CREATE OR REPLACE TABLE', /\bCREATE\s+OR\s+REPLACE\s+TABLE\b/i],
  ['sequences', /\b(CREATE|ALTER|DROP)\s+SEQUENCE\b/i],
  ['system-versioned tables', /\bWITH\s+SYSTEM\s+VERSIONING\b/i],
  ['MariaDB-only collations (utf8mb4_uca1400_*)', /\butf8mb4_uca1400_/i],
];

/** The statements of every migration without their `--` comment lines. */
const statements = readMigrations(MIGRATIONS_DIR).flatMap((m) =>
  m.statements.map((s) => ({ tag: m.tag, text: s.split('\n').filter((line) => !line.trim().startsWith('--')).join('\n').trim() })),
);

describe('migrations', () => {
  it('hold no data statements', () => {
    expect(statements.filter((s) => DATA_STATEMENT.test(s.text)).map((s) => `${s.tag}: ${s.text.slice(0, 60)}`)).toEqual([]);
  });

  it('use no syntax MySQL 8 lacks', () => {
    const found = statements.flatMap((s) => MARIADB_ONLY.filter(([, pattern]) => pattern.test(s.text)).map(([what]) => `${s.tag}: ${what}`));
    expect(found).toEqual([]);
  });
});
