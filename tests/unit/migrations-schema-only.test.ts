import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, readMigrations } from '../../infra/db';

/**
 * Migrations change the schema only (docs/decisions/063): on PlanetScale they run on a development
 * branch, whose rows never reach production, so an INSERT, UPDATE or DELETE there would be lost.
 * Data changes are steps of `ops backfill` (infra/ops/backfill.ts).
 */
const DATA_STATEMENT = /^(INSERT|UPDATE|DELETE|REPLACE|TRUNCATE|LOAD\s+DATA)\b/i;

/** The statement without its leading `--` comment lines. */
const withoutComments = (statement: string) => statement.split('\n').filter((line) => !line.trim().startsWith('--')).join('\n').trim();

describe('migrations', () => {
  it('hold no data statements', () => {
    const found = readMigrations(MIGRATIONS_DIR).flatMap((m) => m.statements.filter((s) => DATA_STATEMENT.test(withoutComments(s))).map((s) => `${m.tag}: ${withoutComments(s).slice(0, 60)}`));
    expect(found).toEqual([]);
  });
});
