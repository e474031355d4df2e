import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearches, savedSearchHits, savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { SavedFilters } from '@bedriftstorget/core/saved-search/schemas';
import type { Database } from '../db/client';
import { filters as browseWhere } from '../listing/browse';
import { tokenPlan } from '../listing/search';
import { placeKeysOf, termKeysOf } from './buckets';

/** Filter sets checked per statement: one row with this many columns. */
const CHECK_CHUNK = 100;
const KEY_CHUNK = 1000;
/** Queued listings matched per job run; the rest wait for the next run. */
const QUEUE_BATCH = 500;

interface Candidate {
  id: string;
  filters: SavedFilters;
}

/**
 * The saved searches this listing matches, by browse's own WHERE (decision 046): for each
 * candidate, "is this listing in that search's results?" asked as browse asks it — its filters
 * and search words, evaluated on the row `id = listing`. One source of truth: no second matcher to drift.
 */
export async function searchesMatching(db: Database, listingId: string, candidates: Candidate[]): Promise<string[]> {
  // Many people save the same filters ('restaurant in Oslo'): each distinct set is asked once.
  const groups = new Map<string, { filters: SavedFilters; ids: string[] }>();
  for (const candidate of candidates) {
    const key = JSON.stringify(candidate.filters, Object.keys(candidate.filters).sort());
    const group = groups.get(key);
    if (group) group.ids.push(candidate.id);
    else groups.set(key, { filters: candidate.filters, ids: [candidate.id] });
  }
  const distinct = [...groups.values()];
  const matched: string[] = [];
  for (let i = 0; i < distinct.length; i += CHECK_CHUNK) {
    const chunk = distinct.slice(i, i + CHECK_CHUNK);
    // One row, one column per filter set: browse's WHERE as an expression (NULL counts as no, as in a WHERE).
    const columns = Object.fromEntries(chunk.map((group, k) => [`m${k}`, sql<number>`(${browseWhere(group.filters, tokenPlan(group.filters.q))}) IS TRUE`]));
    const [row] = await db.select(columns).from(listings).where(eq(listings.id, listingId));
    if (!row) break;
    chunk.forEach((group, k) => {
      if (Number(row[`m${k}`])) matched.push(...group.ids);
    });
  }
  return matched;
}

/** The searches filed under a bucket this listing has (buckets.ts), without its owner's and without 'Aldri'. */
export async function candidatesFor(db: Database, listing: { id: string; ownerId: string; location: string; industry: (typeof listings.industry)['_']['data'] }): Promise<Candidate[]> {
  const terms = await db.select({ term: listingTerms.term }).from(listingTerms).where(eq(listingTerms.listingId, listing.id));
  const termKeys = termKeysOf(terms.map((row) => row.term));
  const wanted = and(ne(savedSearches.alerts, 'never'), ne(savedSearches.userId, listing.ownerId));
  const columns = { id: savedSearches.id, filters: savedSearches.filters };
  const reads = [];
  for (let i = 0; i < termKeys.length; i += KEY_CHUNK) {
    reads.push(db.select(columns).from(savedSearches).where(and(inArray(savedSearches.termKey, termKeys.slice(i, i + KEY_CHUNK)), wanted)));
  }
  reads.push(db.select(columns).from(savedSearches).where(and(isNull(savedSearches.termKey), inArray(savedSearches.placeKey, placeKeysOf(listing.location)), wanted)));
  reads.push(
    db
      .select(columns)
      .from(savedSearches)
      .where(and(isNull(savedSearches.termKey), isNull(savedSearches.placeKey), or(eq(savedSearches.industryKey, listing.industry), isNull(savedSearches.industryKey)), wanted)),
  );
  return (await Promise.all(reads)).flat();
}

/** Records a hit for every saved search this public listing matches; INSERT IGNORE: never twice. */
export async function matchListing(db: Database, listingId: string): Promise<number> {
  const [listing] = await db
    .select({ id: listings.id, ownerId: listings.ownerId, location: listings.location, industry: listings.industry, isPublic: listings.isPublic })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing?.isPublic) return 0;
  const matched = await searchesMatching(db, listingId, await candidatesFor(db, listing));
  for (let i = 0; i < matched.length; i += KEY_CHUNK) {
    await db
      .insert(savedSearchHits)
      .ignore()
      .values(matched.slice(i, i + KEY_CHUNK).map((searchId) => ({ searchId, listingId })));
  }
  return matched.length;
}

/**
 * The job's first half: match the queued listings. Two runs at once may match the same listing;
 * the hits' unique key keeps one row, and a row queued again meanwhile (queued_at changed) stays.
 */
export async function matchQueuedListings(db: Database, batch = QUEUE_BATCH): Promise<{ listings: number; hits: number }> {
  const queued = await db.select().from(savedSearchQueue).orderBy(asc(savedSearchQueue.queuedAt)).limit(batch);
  let hits = 0;
  for (const row of queued) {
    hits += await matchListing(db, row.listingId);
    await db.delete(savedSearchQueue).where(and(eq(savedSearchQueue.listingId, row.listingId), eq(savedSearchQueue.queuedAt, row.queuedAt)));
  }
  return { listings: queued.length, hits };
}
