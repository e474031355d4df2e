import { and, desc, eq, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/mysql-core';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { keyValue, SORTS, type Cursor, type Phase } from './keyset';
import type { SearchPlan } from './search';

const DATED = 'dated_terms';
const dated = alias(listingTerms, DATED);

/**
 * The listing id of a dated read's term row. The other words are checked on it (hasToken's
 * `listingId`), so a word of several spellings ('bergen': 'berg' or 'bergen', an OR of EXISTS) is
 * checked on each term row before that row's listing is read: 'bakeri bergen' read all 146 listings
 * it walked, now the 13 it keeps (5.1 → 2.5 ms at 100 000 listings, decision 157). A word of one
 * spelling becomes a semi-join, which MariaDB places after the listing either way.
 */
export const datedListingId = dated.listingId;

/**
 * `sortLimit`: a word of several spellings is read this way up to this many entries over all of them
 * (one walk per spelling; past it the word is so common that the newest index finds a page in a few rows).
 * `enabled`: a setting only so tests can compare the pages with the walk's.
 */
export const datedOrder = { enabled: true, sortLimit: 20_000 };

/** A page read from a word's dated terms: its FROM, its WHERE and its phase (one: every listing has a date). */
export interface DatedRead { source: SQL; where: SQL | undefined; phases: Phase[] }

/**
 * A search whose words are all common walks the newest index and checks every listing for its
 * words: for a word in 1–3 % of listings that is hundreds of listings read per page (50–85 ms at
 * 100 000). Its rarest word's own index entries carry their listing's date (migration 0057), so the
 * page is read from them in date order instead: a listing is read only when it has that word
 * (decision 151). Public newest-first pages of a word whose spellings are known; null otherwise.
 * `listingWhere`: what each listing read must satisfy (public, the filters, the other words).
 */
export function datedRead(plan: SearchPlan, sort: keyof typeof SORTS, listingWhere: SQL | undefined, cursor: Cursor | null, limit: number): DatedRead | null {
  const words = datedWords(plan, sort);
  return words && readOfWords(words, listingWhere, datedPhases(cursor), sql.raw(String(limit)));
}

/** Whether datedRead reads this search's pages (and preparedDatedRead, when the plan's filters allow). */
export function readsDatedTerms(plan: SearchPlan, sort: keyof typeof SORTS): boolean {
  return datedWords(plan, sort) !== null;
}

/** The spellings of the plan's rarest word when its page is read from their dated terms; null when it is not. */
function datedWords(plan: SearchPlan, sort: keyof typeof SORTS): string[] | null {
  if (!datedOrder.enabled || plan.kind !== 'walk' || plan.scope !== 'public' || sort !== 'newest') return null;
  // The plan's tokens, rarest first (planSearch).
  const rarest = plan.tokens[0]!;
  const words = rarest.words;
  if (!words || words.length === 0 || (words.length > 1 && rarest.n > datedOrder.sortLimit)) return null;
  return words;
}

/** The dated read of these spellings (values, or placeholders), each listing checked against `listingWhere`. */
function readOfWords(words: (string | Placeholder)[], listingWhere: SQL | undefined, phases: [Phase], limit: SQL | Placeholder): DatedRead {
  const spelling = (word: string | Placeholder) => and(listingWhere, eq(dated.isPublic, true), eq(dated.term, word), phases[0].where);
  const joined = termsThenListings();
  if (words.length === 1) return { source: joined, where: spelling(words[0]!), phases };
  // Several spellings ('frisør', 'frisørsalong'): an index range each, already in date order. Each
  // gives its first `limit` listings; the page is the newest `limit` of those, a listing with two
  // spellings once. (Sorting all the word's entries together read and sorted every one: 15 ms for
  // 2,068 entries at 100 000 listings.)
  const branches = words.map((word) => sql`(SELECT ${dated.listingId}, ${dated.createdAt} FROM ${joined} WHERE ${spelling(word)} ORDER BY ${dated.createdAt} DESC, ${dated.listingId} DESC LIMIT ${limit})`);
  const firsts = sql`(SELECT DISTINCT ${sql.identifier('listing_id')}, ${sql.identifier('created_at')} FROM (${sql.join(branches, sql` UNION ALL `)}) AS ${sql.identifier('spellings')})`;
  return { source: sql`${firsts} AS ${sql.identifier(DATED)} STRAIGHT_JOIN ${listings} ON ${listings.id} = ${dated.listingId}`, where: listingWhere, phases };
}

/** STRAIGHT_JOIN: the terms first, in their index's order; each listing read by primary key. */
const termsThenListings = () => sql`${listingTerms} AS ${sql.identifier(DATED)} STRAIGHT_JOIN ${listings} ON ${listings.id} = ${dated.listingId}`;

/** The date a cursor's page starts after, or null for a first page. */
function cursorDate(cursor: Cursor | null): Date | null {
  return cursor && cursor.p === 1 && cursor.v !== null ? (keyValue(SORTS.newest, cursor.v) as Date) : null;
}

/** Newest first by the terms' own date and listing id: the same order and cursor as the listings' newest index. */
export function datedPhases(cursor: Cursor | null): [Phase] {
  const after = cursorDate(cursor);
  return datedPhasesAfter(after === null || !cursor ? null : { at: after, id: cursor.id });
}

function datedPhasesAfter(after: { at: Date | Placeholder; id: string | Placeholder } | null): [Phase] {
  return [
    {
      phase: 1,
      where: after === null ? undefined : or(lt(dated.createdAt, after.at), and(eq(dated.createdAt, after.at), lt(dated.listingId, after.id))),
      orderBy: [desc(dated.createdAt), desc(dated.listingId)],
    },
  ];
}

/** A dated read whose statement is built once per shape (db/prepared.ts): `parts` builds it, with `values` for its placeholders. */
export interface PreparedDatedRead { shape: string; values: Record<string, unknown>; parts: () => DatedRead & { phases: [Phase] } }

/**
 * A search newest first whose rarest word's spellings are known, with or without filters and other
 * words: the page datedRead reads, its statement built once per first or later page, number of
 * spellings and `listingShape` (what `listingWhere` depends on; decisions 155 and 156). The
 * spellings (`word0`…), the cursor (`after`, `id`) and the page size (`limit`) are placeholders;
 * `listingWhere` builds the listings' condition with its own. Null when datedRead would not read
 * the page this way.
 */
export function preparedDatedRead(plan: SearchPlan, sort: keyof typeof SORTS, listingWhere: () => SQL | undefined, listingShape: string, cursor: Cursor | null): PreparedDatedRead | null {
  const words = datedWords(plan, sort);
  if (!words) return null;
  const after = cursor ? cursorDate(cursor) : null;
  const parts = () => {
    const phases = datedPhasesAfter(after === null ? null : { at: sql.placeholder('after'), id: sql.placeholder('id') });
    return readOfWords(words.map((_, i) => sql.placeholder(`word${i}`)), listingWhere(), phases, sql.placeholder('limit')) as DatedRead & { phases: [Phase] };
  };
  // The cursor's date as a bound parameter would send it (a placeholder's value is not encoded by drizzle).
  const values: Record<string, unknown> = { after: after === null ? null : dated.createdAt.mapToDriverValue(after), id: cursor?.id ?? null };
  words.forEach((word, i) => (values[`word${i}`] = word));
  return { shape: `dated-page:${after === null ? 'first' : 'after'}:${words.length}:${listingShape}`, values, parts };
}
