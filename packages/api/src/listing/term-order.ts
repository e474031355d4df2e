import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/mysql-core';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { keyValue, SORTS, type Cursor, type Phase } from './keyset';
import type { SearchPlan } from './search';

const DATED = 'dated_terms';
const dated = alias(listingTerms, DATED);

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
  if (!datedOrder.enabled || plan.kind !== 'walk' || plan.scope !== 'public' || sort !== 'newest') return null;
  // The plan's tokens, rarest first (planSearch).
  const rarest = plan.tokens[0]!;
  const words = rarest.words;
  if (!words || words.length === 0 || (words.length > 1 && rarest.n > datedOrder.sortLimit)) return null;
  const phases = datedPhases(cursor);
  const spelling = (word: string) => and(listingWhere, eq(dated.isPublic, true), eq(dated.term, word), phases[0]!.where);
  // STRAIGHT_JOIN: the terms first, in their index's order; each listing read by primary key.
  const joined = sql`${listingTerms} AS ${sql.identifier(DATED)} STRAIGHT_JOIN ${listings} ON ${listings.id} = ${dated.listingId}`;
  if (words.length === 1) return { source: joined, where: spelling(words[0]!), phases };
  // Several spellings ('frisør', 'frisørsalong'): an index range each, already in date order. Each
  // gives its first `limit` listings; the page is the newest `limit` of those, a listing with two
  // spellings once. (Sorting all the word's entries together read and sorted every one: 15 ms for
  // 2,068 entries at 100 000 listings.)
  const branches = words.map((word) => sql`(SELECT ${dated.listingId}, ${dated.createdAt} FROM ${joined} WHERE ${spelling(word)} ORDER BY ${dated.createdAt} DESC, ${dated.listingId} DESC LIMIT ${sql.raw(String(limit))})`);
  const firsts = sql`(SELECT DISTINCT ${sql.identifier('listing_id')}, ${sql.identifier('created_at')} FROM (${sql.join(branches, sql` UNION ALL `)}) AS ${sql.identifier('spellings')})`;
  return { source: sql`${firsts} AS ${sql.identifier(DATED)} STRAIGHT_JOIN ${listings} ON ${listings.id} = ${dated.listingId}`, where: listingWhere, phases };
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
