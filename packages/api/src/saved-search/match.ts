import { and, asc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { listings, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearches, savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import type { SavedFilters } from '@bedriftstorget/core/saved-search/schemas';
import type { Database } from '../db/client';
import { filters as browseWhere } from '../listing/browse';
import type { BrowseFilters } from '../listing/filters';
import { searchTokens } from '../listing/search';
import { hasToken } from '../listing/token-condition';
import { placeKeysOf, termKeysOf } from './buckets';
import { takeStamp } from './clock';

/** Conditions checked per statement: one row with this many columns. */
const CHECK_CHUNK = 100;
const KEY_CHUNK = 1000;
/** Queued listings matched per job run; the rest wait for the next run. */
const QUEUE_BATCH = 500;

interface Candidate {
  id: string;
  filters: SavedFilters;
}

// Every saved filter belongs to a part below: a filter added to the schema fails to compile here until partsOf takes it.
type InParts = 'q' | 'industry' | 'location' | 'minPrice' | 'maxPrice' | 'minRevenue' | 'maxRevenue' | 'minProfit' | 'maxProfit' | 'verifiedSellers';
export const everyFilterInParts: Record<Exclude<keyof SavedFilters, InParts>, never> = {};

/**
 * The parts browse's WHERE is the AND of (decision 052): public + one filter each — industry, place,
 * each amount range, 'Verifiserte selgere' — and one part per search word, by key; each part's SQL
 * is made only when asked for (once per distinct part, not once per search). A search matches when
 * all its parts do.
 */
export function partsOf(saved: SavedFilters): Map<string, () => SQL | undefined> {
  const parts = new Map<string, () => SQL | undefined>();
  const add = (key: string, part: BrowseFilters) => parts.set(`${key}:${JSON.stringify(part)}`, () => browseWhere(part, { kind: 'none' }));
  add('public', {});
  if (saved.industry) add('industry', { industry: saved.industry });
  if (saved.location) add('location', { location: saved.location });
  if (saved.minPrice != null || saved.maxPrice != null) add('price', { minPrice: saved.minPrice, maxPrice: saved.maxPrice });
  if (saved.minRevenue != null || saved.maxRevenue != null) add('revenue', { minRevenue: saved.minRevenue, maxRevenue: saved.maxRevenue });
  if (saved.minProfit != null || saved.maxProfit != null) add('profit', { minProfit: saved.minProfit, maxProfit: saved.maxProfit });
  if (saved.verifiedSellers) add('verified', { verifiedSellers: true });
  for (const token of searchTokens(saved.q ?? '')) {
    parts.set(`token:${token}`, () => browseWhere({}, { kind: 'walk', condition: hasToken(token), tokens: [], scope: 'public', readFrom: 'sort', complete: [] }));
  }
  return parts;
}

/**
 * The saved searches this listing matches, by browse's own WHERE (decision 046) taken apart
 * (decision 052): 100 000 searches share a few thousand distinct parts ('Oslo', 'restaurant',
 * 'kafé', a price from 1 to 5 million kroner), so each distinct part is asked once of the one listing row, and a search
 * matches when every one of its parts does. One source of truth: no second matcher to drift.
 */
export async function searchesMatching(db: Database, listingId: string, candidates: Candidate[]): Promise<string[]> {
  const searchParts = candidates.map((candidate) => ({ id: candidate.id, parts: partsOf(candidate.filters) }));
  const distinct = new Map<string, () => SQL | undefined>();
  for (const { parts } of searchParts) for (const [key, build] of parts) if (!distinct.has(key)) distinct.set(key, build);
  const truth = await partTruths(db, listingId, [...distinct].map(([key, build]) => [key, build()]));
  if (!truth) return [];
  return searchParts.filter(({ parts }) => [...parts.keys()].every((key) => truth.get(key))).map(({ id }) => id);
}

/** Each part's value on the listing row (NULL counts as no, as in a WHERE); null when the row is gone. */
async function partTruths(db: Database, listingId: string, parts: [string, SQL | undefined][]): Promise<Map<string, boolean> | null> {
  const truth = new Map<string, boolean>();
  for (let i = 0; i < parts.length; i += CHECK_CHUNK) {
    const chunk = parts.slice(i, i + CHECK_CHUNK);
    const columns = Object.fromEntries(chunk.map(([, condition], k) => [`m${k}`, sql<number>`(${condition ?? sql`TRUE`}) IS TRUE`]));
    const [row] = await db.select(columns).from(listings).where(eq(listings.id, listingId));
    if (!row) return null;
    chunk.forEach(([key], k) => truth.set(key, Boolean(Number(row[`m${k}`]))));
  }
  return truth;
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

/**
 * Stamps a newly public listing (decision 082) and tells every saved search it matches that it has
 * something new: `pending_seq` rises to the stamp, for the searches whose watermark is below it. No
 * row per search and listing: the mail step asks browse's WHERE again over the stamps since the
 * watermark. Stamp and raises commit together, so a stamped listing has been matched; a listing
 * stamped before (renewed, re-approved, made active again) is never news and is not matched again.
 */
export async function matchListing(db: Database, listingId: string): Promise<string[]> {
  const [listing] = await db
    .select({ id: listings.id, ownerId: listings.ownerId, location: listings.location, industry: listings.industry, isPublic: listings.isPublic, alertSeq: listings.alertSeq })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing?.isPublic || listing.alertSeq !== null) return [];
  return db.transaction(async (tx) => {
    const seq = await takeStamp(tx, listingId);
    if (seq === null) return [];
    const matched = await searchesMatching(tx, listingId, await candidatesFor(tx, listing));
    await raisePending(tx, matched, seq);
    return matched;
  });
}

/** Something new for these searches: their `pending_seq` rises to the stamp where their watermark is below it. */
export async function raisePending(db: Database, searchIds: string[], seq: number): Promise<void> {
  for (let i = 0; i < searchIds.length; i += KEY_CHUNK) {
    await db
      .update(savedSearches)
      .set({ pendingSeq: sql`GREATEST(COALESCE(${savedSearches.pendingSeq}, 0), ${seq})` })
      .where(and(inArray(savedSearches.id, searchIds.slice(i, i + KEY_CHUNK)), lt(savedSearches.seenSeq, seq)));
  }
}

/**
 * The job's first half: stamp and match the queued listings. Two runs at once may take the same
 * listing; the second waits for the clock, then finds it stamped and does nothing. A row queued
 * again meanwhile (queued_at changed) stays.
 */
export async function matchQueuedListings(db: Database, batch = QUEUE_BATCH): Promise<{ listings: number; matched: number }> {
  const queued = await db.select().from(savedSearchQueue).orderBy(asc(savedSearchQueue.queuedAt)).limit(batch);
  let matched = 0;
  for (const row of queued) {
    matched += (await matchListing(db, row.listingId)).length;
    await db.delete(savedSearchQueue).where(and(eq(savedSearchQueue.listingId, row.listingId), eq(savedSearchQueue.queuedAt, row.queuedAt)));
  }
  return { listings: queued.length, matched };
}
