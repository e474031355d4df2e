import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import { listingTermCounts, listings } from '@bedriftstorget/core/listing/listing.sql';
import { qualified } from '../db/insert-select';
import { PREFIX_MIN_LENGTH } from '@bedriftstorget/core/listing/search-terms';
import { stemOf } from '@bedriftstorget/core/listing/spelling';
import type { Database } from '../db/client';
import { sendPrepared } from '../db/prepared';

/**
 * listing_term_counts (decision record 039): listings per (is_public, term), moved by the same
 * transaction that rewrites a listing's terms. The search plan orders its tokens by these counts;
 * every answer still comes from listing_terms, so a count that drifted (a row deleted by hand)
 * can only make a plan slower, never a result wrong.
 */
type Writer = Pick<Database, 'insert'>;
export type TermRow = { term: string; isPublic: boolean };

/** Adds the terms written and subtracts the terms removed, in key order (concurrent writers lock the same rows in the same order). */
export async function adjustTermCounts(db: Writer, removed: TermRow[], added: TermRow[]): Promise<void> {
  const delta = new Map<string, { isPublic: boolean; term: string; n: number }>();
  const add = (row: TermRow, by: number) => {
    const key = `${row.isPublic ? 1 : 0}\u0000${row.term}`;
    const entry = delta.get(key) ?? { isPublic: row.isPublic, term: row.term, n: 0 };
    entry.n += by;
    delta.set(key, entry);
  };
  removed.forEach((row) => add(row, -1));
  added.forEach((row) => add(row, 1));
  const changes = [...delta.entries()].filter(([, v]) => v.n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  for (let i = 0; i < changes.length; i += 1000) {
    await db
      .insert(listingTermCounts)
      .values(changes.slice(i, i + 1000))
      // VALUES(): MariaDB has no row alias in ON DUPLICATE KEY UPDATE; MySQL 8 still accepts it.
      .onDuplicateKeyUpdate({ set: { n: sql`${listingTermCounts.n} + VALUES(${listingTermCounts.n})` } });
  }
}

/**
 * A new listing's terms counted once its row is committed (decision 098): sent beside the COMMIT of
 * the transaction that inserted it, the statement reads the row (a locking read, as in every
 * INSERT … SELECT), so it waits for the COMMIT and adds nothing if the listing was rolled back.
 */
export async function addTermCountsOfListing(db: Pick<Database, 'execute'>, listingId: string, added: TermRow[]): Promise<void> {
  const changes = [...new Map(added.map((row) => [`${row.isPublic ? 1 : 0}\u0000${row.term}`, row])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
  const n = qualified(listingTermCounts.n);
  for (let i = 0; i < changes.length; i += 1000) {
    const rows = changes.slice(i, i + 1000).map((row, j) =>
      j === 0
        ? sql`SELECT ${sql.param(row.isPublic, listingTermCounts.isPublic)} AS is_public, ${row.term} AS term`
        : sql`SELECT ${sql.param(row.isPublic, listingTermCounts.isPublic)}, ${row.term}`,
    );
    await db.execute(sql`
      INSERT INTO ${listingTermCounts} (is_public, term, n)
      SELECT added.is_public, added.term, 1 FROM ${listings} JOIN (${sql.join(rows, sql` UNION ALL `)}) AS added
      WHERE ${qualified(listings.id)} = ${listingId}
      ON DUPLICATE KEY UPDATE ${n} = ${n} + 1`);
  }
}

/** Which listings a search covers: browse sees public ones; the admin every status. */
export type SearchScope = 'public' | 'any';

export function scopeOf(column: MySqlColumn, scope: SearchScope): SQL {
  return scope === 'public' ? eq(column, true) : inArray(column, [false, true]);
}

/**
 * A token matches a word equal to it (under three letters) or starting with it: an index range. A
 * token in a definite or plural form also matches its stem (decision 148): 'kafeen' finds 'kafé',
 * whose stored forms include 'kafe' — a second range on the same index.
 */
export function matchOn(column: MySqlColumn, token: string): SQL {
  const { kind, values } = matchKind(token);
  return matchSql(column, kind, values);
}

export type MatchKind = 'equal' | 'prefix' | 'prefix-or-stem';
type MatchValues = { token: string; pattern: string; stem: string };

/** How a token matches (its SQL's shape), and the values that SQL takes. */
export function matchKind(token: string): { kind: MatchKind; values: MatchValues } {
  const stem = stemOf(token);
  const kind = token.length < PREFIX_MIN_LENGTH ? 'equal' : stem === token ? 'prefix' : 'prefix-or-stem';
  return { kind, values: { token, pattern: `${token}%`, stem } };
}

/**
 * The match of `kind` with its values, or with placeholders of their names (a statement built once,
 * decision 155), each name after `names` when a statement holds several tokens (decision 156).
 */
export function matchSql(column: MySqlColumn, kind: MatchKind, values: MatchValues | 'placeholders', names = ''): SQL {
  const value = (name: keyof MatchValues) => (values === 'placeholders' ? sql.placeholder(`${names}${name}`) : values[name]);
  if (kind === 'equal') return eq(column, value('token'));
  const like = sql`${column} LIKE ${value('pattern')}`;
  return kind === 'prefix' ? like : sql`(${like} OR ${column} = ${value('stem')})`;
}

/** A token's words, when few: checked by equality on the (listing_id, term) key instead of LIKE. */
const MAX_EXPANSION = 16;
const ROWS = 2 * MAX_EXPANSION + 2;

export interface TokenInfo {
  token: string;
  /** Listings in scope with a word the token matches (a sum over the words: for a prefix an upper bound). */
  n: number;
  /**
   * The words the token matches, when at most MAX_EXPANSION and known to the counts: a word written
   * through syncListingTerms keeps its row (counts go to zero, rows stay). Null: use LIKE.
   */
  words: string[] | null;
}

/**
 * A token's first ROWS words, and the sum over every word in scope, in one statement (decision 078):
 * the sum is used only when the words are too many to add up here.
 */
function tokenRows(db: Database, match: SQL, scope: SearchScope) {
  return db
    .select({ words: sql<number>`1`, isPublic: sql<number | boolean>`${listingTermCounts.isPublic}`, term: sql<string | null>`${listingTermCounts.term}`, n: sql<string | number | null>`${listingTermCounts.n}` })
    .from(listingTermCounts)
    .where(and(inArray(listingTermCounts.isPublic, [false, true]), match))
    .limit(ROWS)
    .unionAll(
      db
        .select({ words: sql<number>`0`, isPublic: sql<number | boolean>`NULL`, term: sql<string | null>`NULL`, n: sql<string | number | null>`SUM(${listingTermCounts.n})` })
        .from(listingTermCounts)
        .where(and(scopeOf(listingTermCounts.isPublic, scope), match)),
    );
}

/**
 * Each token's listings and words, from listing_term_counts (decision record 039), rarest first.
 * MariaDB checks `term LIKE 'x%'` for one listing by reading all its ~54 terms (a `ref` on
 * listing_id), but `term IN (…)` by a seek on the whole key: ten times fewer reads per check.
 */
export async function tokenInfo(db: Database, tokens: string[], scope: SearchScope): Promise<TokenInfo[]> {
  const infos = await Promise.all(
    tokens.map(async (token): Promise<TokenInfo> => {
      // Built once per scope and kind of match, its values filled per token (db/prepared.ts, decision 155).
      const { kind, values } = matchKind(token);
      const rows = await sendPrepared(db, `token-info:${scope}:${kind}`, (base) => tokenRows(base, matchSql(listingTermCounts.term, kind, 'placeholders'), scope), values);
      const found = rows.filter((row) => Number(row.words) === 1).map((row) => ({ isPublic: Boolean(Number(row.isPublic)), term: row.term ?? '', n: Number(row.n ?? 0) }));
      const words = [...new Set(found.map((row) => row.term))];
      const inScope = (row: { isPublic: boolean }) => scope === 'any' || row.isPublic;
      if (found.length < ROWS) {
        const n = found.filter(inScope).reduce((sum, row) => sum + Math.max(0, row.n), 0);
        return { token, n, words: words.length > 0 && words.length <= MAX_EXPANSION ? words : null };
      }
      const sum = rows.find((row) => Number(row.words) === 0);
      return { token, n: Number(sum?.n ?? 0), words: null };
    }),
  );
  return infos.sort((a, b) => a.n - b.n);
}
