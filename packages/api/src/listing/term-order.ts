import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/mysql-core';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { keyValue, SORTS, type Cursor, type Phase } from './keyset';
import type { SearchPlan } from './search';
import type { TokenInfo } from './term-counts';

const DATED = 'dated_terms';
const dated = alias(listingTerms, DATED);
const EARLIER = 'earlier_terms';
const earlier = alias(listingTerms, EARLIER);

/**
 * `sortLimit`: a word of several spellings ('frisør', 'frisørsalong') has an index range per
 * spelling, whose entries are sorted together (a filesort of index entries, no listing read): cheap
 * up to this many. Beyond it the word is common, and walking the sort index finds a page in few rows.
 * `enabled`: a setting only so tests can compare the pages with the walk's.
 */
export const datedOrder = { enabled: true, sortLimit: 20_000 };

type Walk = Extract<SearchPlan, { kind: 'walk' }>;

/**
 * A search whose words are all common walks the newest index and checks every listing for its
 * words: for a word in 1–3 % of listings that is hundreds of listings read per page (50–85 ms at
 * 100 000). Its rarest word's own index entries carry their listing's date (migration 0057), so the
 * page is read from them in date order instead: a listing is read only when it has that word
 * (decision 151). Public newest-first pages of a word whose spellings are known; null otherwise.
 */
export function datedTermsOf(plan: SearchPlan, sort: keyof typeof SORTS): { rarest: TokenInfo; source: SQL; match: SQL } | null {
  if (!datedOrder.enabled || plan.kind !== 'walk' || plan.scope !== 'public' || sort !== 'newest') return null;
  const rarest = plan.tokens[0]!;
  const words = rarest.words;
  if (!words || words.length === 0 || (words.length > 1 && rarest.n > datedOrder.sortLimit)) return null;
  // One row per listing: of its spellings of the word, the first (a listing with both would come
  // twice). Each spelling after the first is kept where the listing has none of those before it:
  // a seek per earlier spelling on the (listing_id, term) key, where `term < this one` would read
  // all ~50 of the listing's terms for each of the word's entries before they are sorted.
  const spellings = [...words].sort();
  const earlierOf = (i: number) => sql`NOT EXISTS (SELECT 1 FROM ${listingTerms} AS ${sql.identifier(EARLIER)} WHERE ${earlier.listingId} = ${dated.listingId} AND ${inArray(earlier.term, spellings.slice(0, i))})`;
  const first = spellings.length === 1 ? undefined : or(...spellings.map((word, i) => (i === 0 ? eq(dated.term, word) : and(eq(dated.term, word), earlierOf(i)))));
  return {
    rarest,
    // STRAIGHT_JOIN: the terms first, in their index's order; each listing read by primary key.
    source: sql`${listingTerms} AS ${sql.identifier(DATED)} STRAIGHT_JOIN ${listings} ON ${listings.id} = ${dated.listingId}`,
    match: and(eq(dated.isPublic, true), inArray(dated.term, words), first)!,
  };
}

/** Newest first by the terms' own date and listing id: the same order and cursor as the listings' newest index. */
export function datedPhases(cursor: Cursor | null): Phase[] {
  const after = cursor && cursor.p === 1 && cursor.v !== null ? keyValue(SORTS.newest, cursor.v) : null;
  return [
    {
      phase: 1,
      where: after === null || !cursor ? undefined : or(lt(dated.createdAt, after as Date), and(eq(dated.createdAt, after as Date), lt(dated.listingId, cursor.id))),
      orderBy: [desc(dated.createdAt), desc(dated.listingId)],
    },
  ];
}
