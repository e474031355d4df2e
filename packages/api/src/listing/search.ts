import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import { listingTerms, listings } from '@bedriftstorget/core/listing/listing.sql';
import { listingTerms as termsOf, searchTokens } from '@bedriftstorget/core/listing/search-terms';
import type { Database } from '../db/client';
import { createCountCache } from './count-cache';
import { isKnownCommon, rememberCommon } from './common-tokens';
import { queueNewlyPublic } from '../saved-search/queue';
import { addTermCountsOfListing, adjustTermCounts, matchKind, matchSql, scopeOf, tokenInfo, type MatchKind, type SearchScope, type TokenInfo } from './term-counts';
import { sendPrepared } from '../db/prepared';
import { hasToken, termMatch } from './token-condition';

export { searchTokens, type SearchScope };

/** Every token must match (title, description, location, county or industry name). Any status: the admin's search. */
export function searchCondition(q: string | undefined): SQL | undefined {
  const tokens = q ? searchTokens(q) : [];
  return tokens.length ? and(...tokens.map((token) => hasToken(token))) : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `column IN (…)` over a plan's candidate ids (up to CANDIDATE_LIMIT). The ids come from
 * listing_terms; when every one has the UUID's exact form they are written as one chunk of quoted
 * literals, since drizzle builds each bound value with class checks (a 600-id list was most of a
 * search's CPU, decision 155). Anything else is bound as usual.
 */
export function inIds(column: MySqlColumn, ids: string[]): SQL {
  if (ids.length === 0 || !ids.every((id) => UUID.test(id))) return inArray(column, ids);
  // Written as drizzle's inArray writes it, so the statement's text is the same.
  return sql`${column} in (${sql.raw(ids.map((id) => `'${id}'`).join(', '))})`;
}

/** Up to this many listings for a token are read and sorted; more walk the sort's index instead. */
export const CANDIDATE_LIMIT = 600;

export type SearchPlan =
  | { kind: 'none' }
  /** A token no listing in scope has: nothing to read. */
  | { kind: 'empty'; complete: string[] }
  /** The rarest token's listings (≤ CANDIDATE_LIMIT), checked against the other tokens and sorted. */
  | { kind: 'candidates'; ids: string[]; rest: SQL | undefined; tokens: TokenInfo[]; complete: string[] }
  /**
   * Every token is common: walk the sort index and check each row's tokens, rarest first (≈ page ÷
   * selectivity rows) — or, when the rarest token's listings are fewer than that walk would read,
   * read them from the term index and sort them (`readFrom: 'terms'`, decision 057). Either way
   * `condition` is the same set of listings.
   */
  | { kind: 'walk'; condition: SQL; tokens: TokenInfo[]; scope: SearchScope; readFrom: 'sort' | 'terms'; complete: string[] };

/**
 * Orders the tokens by listing_term_counts (rarest first) and uses at most CANDIDATE_LIMIT + 1
 * listing ids of the rarest — an index range — to choose how to search. Every token's range is read
 * (capped, so a common word costs 601 index entries) at the same time as the counts: over
 * PlanetScale's HTTP driver the range read after the counts was a second wait of 20–30 ms.
 */
export async function planSearch(db: Database, q: string | undefined, scope: SearchScope = 'public'): Promise<SearchPlan> {
  const tokens = q ? searchTokens(q) : [];
  if (tokens.length === 0) return { kind: 'none' };
  // Each token's first listing ids are read beside the counts that tell which token is rarest, rather
  // than after them (decision 078): one round trip of waiting for any number of words. The ids come
  // from listing_terms itself (LIKE on the term index): the source of truth, whatever the counts say.
  const [ordered, idsByToken] = await Promise.all([
    tokenInfo(db, tokens, scope),
    Promise.all(
      tokens.map(async (token) => {
        // A word just found in more than CANDIDATE_LIMIT listings: its ids would be read and dropped (decision 126).
        if (isKnownCommon(scope, token)) return [token, null] as const;
        // Built once per scope and kind of match, its values filled per token (db/prepared.ts, decision 156).
        const { kind, values } = matchKind(token);
        const rows = await sendPrepared(db, `plan-ids:${scope}:${kind}`, (base) => firstIdsRead(base, scope, kind), values);
        if (rows.length > CANDIDATE_LIMIT) rememberCommon(scope, token);
        return [token, rows] as const;
      }),
    ).then((pairs) => new Map(pairs)),
  ]);
  const [rarest, ...rest] = ordered as [TokenInfo, ...TokenInfo[]];
  // null: a word known to be common, whose ids were not read.
  const found = idsByToken.get(rarest.token) ?? null;
  // Tokens whose every listing was among the ids read: a page read from one of them is exact (browse's early page).
  const complete = tokens.filter((token) => (idsByToken.get(token)?.length ?? CANDIDATE_LIMIT + 1) <= CANDIDATE_LIMIT);
  if (found?.length === 0) return { kind: 'empty', complete };
  if (found && found.length <= CANDIDATE_LIMIT) {
    return { kind: 'candidates', ids: found.map((row) => row.id), rest: rest.length ? and(...rest.map((token) => hasToken(token))) : undefined, tokens: ordered, complete };
  }
  if (rarest.n * rarest.n > searchCosts.termReadFactor * PAGE_ROWS * (await totalInScope(db, scope))) {
    return { kind: 'walk', condition: and(...ordered.map((token) => hasToken(token)))!, tokens: ordered, scope, readFrom: 'sort', complete };
  }
  return { kind: 'walk', condition: and(inTermRange(rarest, scope), ...rest.map((token) => hasToken(token)))!, tokens: ordered, scope, readFrom: 'terms', complete };
}

/** A token's first CANDIDATE_LIMIT + 1 listing ids in scope, from listing_terms itself, its match as placeholders. */
function firstIdsRead(db: Database, scope: SearchScope, kind: MatchKind) {
  return db
    .selectDistinct({ id: listingTerms.listingId })
    .from(listingTerms)
    .where(and(scopeOf(listingTerms.isPublic, scope), matchSql(listingTerms.term, kind, 'placeholders')))
    .limit(CANDIDATE_LIMIT + 1);
}

/**
 * When to read a search's rarest token's listings (n) and sort them instead of walking the sort
 * index: a walk reads ≈ PAGE_ROWS × total ÷ n index rows (≈ 13 µs each here, with its seeks), more
 * where the word sits in older listings; the term range costs ≈ 7 µs per listing, read and sorted.
 * Measured at 100 000 listings (decision 057): they meet near n ≈ 1 500, a factor of 3 puts the
 * line at ≈ 1 800 — a word in 0.7–2 % of listings (a town, a trade) took 14–45 ms to walk, 9–14 ms read.
 * A setting only so tests can make a small data set read from the terms.
 */
export const searchCosts = { termReadFactor: 3 };
const PAGE_ROWS = 13;

/**
 * Listings in scope, for the choice above: one COUNT per 20 s per process, shared by every search,
 * in a cache of its own (clearing the browse counts, as tests and the bench do, leaves it).
 */
const totals = createCountCache();

function totalInScope(db: Database, scope: SearchScope): Promise<number> {
  return totals.cached(scope, async () => {
    const [row] = await db.select({ n: count() }).from(listings).where(scopeOf(listings.isPublic, scope));
    return row?.n ?? 0;
  });
}

/**
 * The token's first CANDIDATE_LIMIT + 1 public listings — the ids the plan reads — joined to
 * `listings` as a FROM (decision 093). STRAIGHT_JOIN: the planner takes the derived table's size
 * from the term range, not its LIMIT, and would otherwise scan every listing for a common word.
 * When the plan then finds the token in at most CANDIDATE_LIMIT listings, what is read here is exact.
 */
export function firstIdsOf(token: string): SQL {
  const first = sql`SELECT DISTINCT ${listingTerms.listingId} AS listing_id FROM ${listingTerms} WHERE ${and(eq(listingTerms.isPublic, true), termMatch(token))} LIMIT ${sql.raw(String(CANDIDATE_LIMIT + 1))}`;
  return sql`(${first}) AS ${sql.identifier('first_ids')} STRAIGHT_JOIN ${listings} ON ${listings.id} = ${sql.identifier('first_ids')}.${sql.identifier('listing_id')}`;
}

/** "This listing has the token" as a set: the token's listings from the term index, joined by primary key. */
function inTermRange(token: TokenInfo, scope: SearchScope): SQL {
  const match = token.words ? inArray(listingTerms.term, token.words) : termMatch(token.token);
  return sql`${listings.id} IN (SELECT ${listingTerms.listingId} FROM ${listingTerms} WHERE ${and(scopeOf(listingTerms.isPublic, scope), match)})`;
}

/**
 * How many listings a walking search matches, read from the rarest token's term range (its index
 * entries, each checked for the other tokens by primary-key seeks) instead of from every listing
 * in scope; joined to the listings only when other filters apply.
 */
export async function countWalk(db: Database, plan: Extract<SearchPlan, { kind: 'walk' }>, filters: SQL | undefined): Promise<number> {
  const [rarest, ...rest] = plan.tokens as [TokenInfo, ...TokenInfo[]];
  const where = and(scopeOf(listingTerms.isPublic, plan.scope), termMatch(rarest.token), ...rest.map((token) => hasToken(token, listingTerms.listingId)), filters);
  const select = db.select({ n: sql<number>`COUNT(DISTINCT ${listingTerms.listingId})` }).from(listingTerms);
  const [row] = await (filters ? select.innerJoin(listings, eq(listings.id, listingTerms.listingId)).where(where) : select.where(where));
  return Number(row?.n ?? 0);
}

type Writer = Pick<Database, 'select' | 'delete' | 'insert'>;
type TermSource = Parameters<typeof termsOf>[0];

/**
 * Rewrites the terms of these listings from their current rows (or removes them when gone), and
 * moves listing_term_counts by the difference. Called in the same transaction as every write of
 * title, description, location, industry, confidentiality or status — create, edit, review, admin edit and bulk
 * actions; deletes call removeListingTerms first. Being the one place every status write passes,
 * it also queues listings that have just become active and public for the saved searches' alerts
 * (decision 046).
 */
export async function syncListingTerms(db: Writer, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: listings.id, title: listings.title, description: listings.description, location: listings.location, industry: listings.industry, confidential: listings.confidential, isPublic: listings.isPublic, status: listings.status, createdAt: listings.createdAt })
    .from(listings)
    .where(inArray(listings.id, ids));
  const before = await db.select({ listingId: listingTerms.listingId, term: listingTerms.term, isPublic: listingTerms.isPublic }).from(listingTerms).where(inArray(listingTerms.listingId, ids));
  await db.delete(listingTerms).where(inArray(listingTerms.listingId, ids));
  // Each term carries its listing's date: a search's newest-first page reads them in that order (decision 151).
  const values = rows.flatMap((row) => termsOf(row).map((term) => ({ listingId: row.id, term, isPublic: Boolean(row.isPublic), createdAt: row.createdAt })));
  for (let i = 0; i < values.length; i += 1000) await db.insert(listingTerms).values(values.slice(i, i + 1000));
  await adjustTermCounts(db, before, values);
  // Which were public before this write: the ones that turn public now are queued for saved-search alerts.
  const wasPublic = new Set(before.filter((row) => row.isPublic).map((row) => row.listingId));
  await queueNewlyPublic(db, rows.filter((row) => row.status === 'active' && !wasPublic.has(row.id)).map((row) => row.id));
}

/**
 * A listing just inserted: its terms from the values written, with no reads and nothing to remove
 * (syncListingTerms would read the row and its terms back, decision 078). Sent beside the COMMIT of
 * the transaction that inserted it (decision 098), never through it (its statements over the HTTP
 * driver go one after another): the terms wait for the commit through their foreign key to the row,
 * the counts through a read of it, and neither is written if the listing was rolled back.
 */
export async function addNewListingTerms(db: Database, row: TermSource & { id: string; status: string; createdAt?: Date }): Promise<void> {
  const isPublic = row.status === 'active' || row.status === 'sold';
  // Without the row's date (the database sets it: a pending listing, read in date order by no one) the
  // terms hold the epoch until the approval's syncListingTerms writes them again, dated (decision 151).
  const values = termsOf(row).map((term) => ({ listingId: row.id, term, isPublic, ...(row.createdAt ? { createdAt: row.createdAt } : {}) }));
  const insertTerms = async () => {
    for (let i = 0; i < values.length; i += 1000) await db.insert(listingTerms).values(values.slice(i, i + 1000));
  };
  await Promise.all([insertTerms(), addTermCountsOfListing(db, row.id, values), row.status === 'active' ? queueNewlyPublic(db, [row.id]) : null]);
}

/** Before deleting listings: their terms go with their counts (the foreign key's cascade would leave the counts behind). */
export async function removeListingTerms(db: Writer, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const before = await db.select({ term: listingTerms.term, isPublic: listingTerms.isPublic }).from(listingTerms).where(inArray(listingTerms.listingId, ids));
  await db.delete(listingTerms).where(inArray(listingTerms.listingId, ids));
  await adjustTermCounts(db, before, []);
}
