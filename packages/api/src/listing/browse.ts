import { and, count, type SQL } from 'drizzle-orm';
import type { browseCountInputSchema, browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { townsOfCounty } from '@bedriftstorget/core/listing/places';
import { isPublic, listingFilters, type BrowseFilters } from './filters';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { toCards, type ListingCard } from './cards';
import { readPhases, type PhaseRow } from './page-read';
import { cachedCount, countIsCached, countWithin } from './count-cache';
import { browseCursor, keyOf, phasesFrom, SORTS, sortIndex, type Cursor, type Phase } from './keyset';
import { datedListingId, datedRead } from './term-order';
import { preparedPage } from './prepared-pages';
import { countWalk, firstIdsOf, inIds, planSearch, searchTokens, type SearchPlan } from './search';
import { hasToken } from './token-condition';
import { PREFIX_MIN_LENGTH } from '@bedriftstorget/core/listing/search-terms';
import { isKnownCommon } from './common-tokens';
import { planShape, rememberedPlan, rememberPlan } from './plan-memory';

export interface BrowsePage {
  items: ListingCard[];
  /** null: not counted within config.countWaitMs; the client asks listing.browseCount for it. */
  total: number | null;
  nextCursor: string | null;
}

type BrowseInput = z.output<typeof browseInputSchema>;
type CountInput = z.output<typeof browseCountInputSchema>;

/** Browse's WHERE: public, the filters, the search plan. Saved-search alerts check a listing with it too. */
export function filters(input: BrowseFilters, plan: SearchPlan): SQL | undefined {
  return and(
    isPublic,
    listingFilters(input),
    plan.kind === 'candidates' ? and(inIds(listings.id, plan.ids), plan.rest) : plan.kind === 'walk' ? plan.condition : undefined,
  );
}

/**
 * Which index reads the page (decision 024: MariaDB scans from the start of a keyset range unless
 * told). A search's few candidates are read by primary key; newest with an industry has its own
 * index; everything else walks the sort's index and filters as it goes.
 */
function indexFor(input: BrowseInput, plan: SearchPlan): string | undefined {
  // A rare word's candidates, or a fairly rare word's listings from the term index: read by primary key and sorted.
  if (plan.kind === 'candidates' || (plan.kind === 'walk' && plan.readFrom === 'terms')) return undefined;
  if (input.sort === 'newest' && input.industry && !input.location) return 'listings_browse_industry_idx';
  if (input.sort === 'newest' && input.verifiedSellers && !input.location) return 'listings_browse_verified_idx';
  // A town and an industry, newest first: (is_public, location, industry, created_at, id) is exactly that order.
  if (input.sort === 'newest' && input.industry && input.location && townsOfCounty(input.location).length === 0) return 'listings_browse_location_idx';
  return sortIndex(input.sort);
}

/**
 * A page of cards, and its count when that is known within countWaitMs (decision 056). A search's
 * page and count are read beside its plan, from its likeliest rare word's first ids (decision 093):
 * when the plan finds that word in at most CANDIDATE_LIMIT listings they are the answer, one wait
 * over PlanetScale's HTTP driver instead of two; otherwise they are dropped and read after the plan.
 */
export async function browse(db: Database, input: BrowseInput, countWaitMs: number): Promise<BrowsePage> {
  const early = earlyRead(db, input);
  // Common words: their page read with the plan they had a moment ago, beside the plan (decision 157).
  const guessed = early ? null : guessedPage(db, input);
  const plan = await planSearch(db, input.q);
  rememberPlan(input.q, plan);
  if (early && plan.kind !== 'none' && plan.complete.includes(early.token)) {
    const [page, total] = await Promise.all([early.page, countWithin(countKey(input), () => early.count ?? countOf(db, input, plan, filters(input, plan)), countWaitMs)]);
    return { ...page, total };
  }
  if (plan.kind === 'empty') return { items: [], total: 0, nextCursor: null };
  // Built only by the reads that need it: a page from a statement built once does not (decision 156).
  let built: { where: SQL | undefined } | undefined;
  const where = () => (built ??= { where: filters(input, plan) }).where;
  // The page read beside the plan is the answer when the plan is still of the same shape (plan-memory.ts).
  const page = guessed?.shape === planShape(plan, input.sort) ? guessed.page : pageOf(db, input, plan, where);
  const [items, total] = await Promise.all([page, countWithin(countKey(input), () => countOf(db, input, plan, where()), countWaitMs)]);
  return { ...items, total };
}

/** A common-word search's page read with the plan remembered for its words, sent before its own plan is known. */
function guessedPage(db: Database, input: BrowseInput) {
  const plan = rememberedPlan(input.q);
  if (!plan) return null;
  // Async, so a forged cursor rejects here (handled) instead of throwing before the plan is read.
  const page = (async () => pageOf(db, input, plan, () => filters(input, plan)))();
  page.catch(() => {});
  return { shape: planShape(plan, input.sort), page };
}

/** The page after the plan: from the rarest word's dated terms (decision 151), a few candidates, or the sort's index. */
function pageOf(db: Database, input: BrowseInput, plan: SearchPlan, where: () => SQL | undefined) {
  const index = indexFor(input, plan);
  // Most pages: from statements built once (decisions 153, 155 and 156).
  const prepared = preparedPage(db, input, plan, index);
  if (prepared) return prepared.then((rows) => pageFrom(input, rows));
  if (plan.kind === 'walk') {
    const cursor = input.cursor ? browseCursor.decode(input.cursor) : null;
    // The same listings as `where`: the rarest word by the terms read, the other words on each term row, the filters on each listing.
    const others = plan.tokens.slice(1).map((token) => hasToken(token, datedListingId));
    const dated = datedRead(plan, input.sort, and(isPublic, listingFilters(input), ...others), cursor, input.limit + 1);
    if (dated) return readPage(db, input, undefined, false, dated.where, dated.source, () => dated.phases);
  }
  return readPage(db, input, index, plan.kind === 'candidates', where());
}

/**
 * The token most likely to be rare: the longest of at least PREFIX_MIN_LENGTH letters (long words
 * are rare words, as the saved searches' buckets assume). Shorter ones ('as', 'og') are common.
 */
function likelyRarest(tokens: string[]): string | null {
  // A word just found in more than CANDIDATE_LIMIT listings is not rare: its early page would be dropped (decision 126).
  const long = tokens.filter((token) => [...token].length >= PREFIX_MIN_LENGTH && !isKnownCommon('public', token));
  return long.length ? long.reduce((best, token) => ([...token].length > [...best].length ? token : best)) : null;
}

/** The page (and the count, unless cached) read from one token's first ids, sent beside the plan. */
function earlyRead(db: Database, input: BrowseInput) {
  const tokens = input.q ? searchTokens(input.q) : [];
  const token = likelyRarest(tokens);
  if (!token) return null;
  const source = firstIdsOf(token);
  const where = and(isPublic, listingFilters(input), ...tokens.filter((t) => t !== token).map((t) => hasToken(t)));
  const page = readPage(db, input, undefined, true, where, source);
  const total = countIsCached(countKey(input)) ? null : db.select({ n: count() }).from(source).where(where).then(([row]) => row?.n ?? 0);
  // Handled from the start: the plan is awaited first, and a page that fails meanwhile (a forged
  // cursor) or is dropped unread must not be an unhandled rejection. Awaiting it still throws.
  page.catch(() => {});
  total?.catch(() => {});
  return { token, page, count: total };
}

/**
 * The count a page was answered without: from the cache, the query still running, or a new one.
 * The search is planned only when counting: a cached count is answered with no statement (decision 157).
 */
export async function browseCount(db: Database, input: CountInput): Promise<number> {
  return cachedCount(countKey(input), async () => {
    const plan = await planSearch(db, input.q);
    return plan.kind === 'empty' ? 0 : countOf(db, input, plan, filters(input, plan));
  });
}

/** A page from the sort's index (`index`), or from a few candidates read by primary key and sorted. */
async function readPage(db: Database, input: BrowseInput, index: string | undefined, candidates: boolean, where: SQL | undefined, source?: SQL, phasesOf: (cursor: Cursor | null) => Phase[] = (cursor) => phasesFrom(SORTS[input.sort], cursor)) {
  const cursor = input.cursor ? browseCursor.decode(input.cursor) : null;
  // One row more than a page tells whether there is a next page.
  const rows = await readPhases(db, index, where, phasesOf(cursor), SORTS[input.sort], input.limit + 1, candidates, source);
  return pageFrom(input, rows);
}

/** The page's cards, and the cursor of the page after when there is one more row than a page. */
function pageFrom(input: BrowseInput, rows: PhaseRow[]) {
  const spec = SORTS[input.sort];
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last ? browseCursor.encode({ p: last.phase, v: last.phase === 1 ? keyOf(spec, last) : null, id: last.id }) : null;
  // The phase is the cursor's, not the card's: toCards leaves it behind.
  return { items: toCards(page), nextCursor };
}

/** The cache key of a count: the words and filters in a fixed order, whatever the input's shape. */
function countKey(input: CountInput): string {
  const { q, industry, location, minPrice, maxPrice, minRevenue, maxRevenue, minProfit, maxProfit, hideUnderOffer, verifiedSellers } = input;
  return JSON.stringify([q, industry, location, minPrice, maxPrice, minRevenue, maxRevenue, minProfit, maxProfit, hideUnderOffer, verifiedSellers]);
}

/** 'Viser X av Y', uncached (the callers cache it a short while and share it between concurrent requests). */
async function countOf(db: Database, input: CountInput, plan: SearchPlan, where: SQL | undefined): Promise<number> {
  // Common words: counted from the rarest word's term range, not by checking every public listing.
  if (plan.kind === 'walk') return countWalk(db, plan, listingFilters(input));
  const [row] = await db.select({ n: count() }).from(listings).where(where);
  return row?.n ?? 0;
}
