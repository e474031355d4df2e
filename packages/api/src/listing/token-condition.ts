import { eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type MySqlColumn } from 'drizzle-orm/mysql-core';
import { listingTerms, listings } from '@bedriftstorget/core/listing/listing.sql';
import { matchKind, matchOn, matchSql, type TokenInfo } from './term-counts';

/**
 * Search over `listing_terms` (decision records 023 and 039). A token matches a word equal to it
 * (under three letters: 'as', 'it') or starting with it — an index range either way, never a scan
 * of the text. Tokens are letters and digits only (searchTokens), so none is a LIKE wildcard.
 */
export function termMatch(token: string): SQL {
  return matchOn(listingTerms.term, token);
}

const OTHER = 'other_terms';
const other = alias(listingTerms, OTHER);

/**
 * "This listing has the token": a seek on the (listing_id, term) primary key per listing row — by
 * equality when the token's words are known (decision 039), else a LIKE over the listing's terms.
 */
export function hasToken(token: string | TokenInfo, listingId: MySqlColumn = listings.id): SQL {
  const name = typeof token === 'string' ? token : token.token;
  return hasTokenWith(typeof token === 'string' ? null : token.words, (column) => matchOn(column, name), listingId);
}

/**
 * hasToken with its values as placeholders named after `prefix` (a statement built once, decision
 * 156): `${prefix}w0`… for known spellings, else the match's own names. tokenValues fills them.
 */
export function hasTokenPlaceholders(token: TokenInfo, prefix: string, listingId: MySqlColumn = listings.id): SQL {
  const words = token.words?.map((_, i) => sql.placeholder(`${prefix}w${i}`)) ?? null;
  return hasTokenWith(words, (column) => matchSql(column, matchKind(token.token).kind, 'placeholders', prefix), listingId);
}

/** What hasTokenPlaceholders' SQL depends on: the number of spellings, or the kind of match. */
export function tokenShape(token: TokenInfo): string {
  return token.words ? `w${token.words.length}` : matchKind(token.token).kind;
}

/** The values of hasTokenPlaceholders' placeholders. */
export function tokenValues(token: TokenInfo, prefix: string): Record<string, unknown> {
  if (token.words) return Object.fromEntries(token.words.map((word, i) => [`${prefix}w${i}`, word]));
  return Object.fromEntries(Object.entries(matchKind(token.token).values).map(([name, value]) => [`${prefix}${name}`, value]));
}

/** A token's condition: its spellings when known, else `match` (both ways of hasToken build it here). */
function hasTokenWith(words: (string | Placeholder)[] | null, match: (column: MySqlColumn) => SQL, listingId: MySqlColumn): SQL {
  // An alias: inside a count that reads listing_terms itself, the inner table needs its own name.
  const exists = (condition: SQL) => sql`EXISTS (SELECT 1 FROM ${listingTerms} AS ${sql.identifier(OTHER)} WHERE ${other.listingId} = ${listingId} AND ${condition})`;
  if (!words) return exists(match(other.term));
  // One EXISTS per spelling: each a seek on the whole key. `term IN (a, b)` in one EXISTS became a
  // semi-join that read all ~50 of the listing's terms by listing_id and filtered them (decision 151).
  return words.length === 1 ? exists(eq(other.term, words[0]!)) : sql`(${or(...words.map((word) => exists(eq(other.term, word))))})`;
}
