/**
 * `npm run ops -- backfill`: the data changes that used to sit inside migrations (docs/decisions/063).
 * On PlanetScale a migration runs on a development branch, whose rows never reach production; these
 * run against the production branch after its deploy request (and locally after `npm start`'s
 * migrations). Each step looks before it writes, so running it again, or twice at once, changes nothing.
 */
import { and, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { refileSavedSearches, refoldTerms } from './backfill-search';
import { removePlainRateLimits } from './backfill-rate-limits';
import { fillTermDates } from './backfill-term-dates';
import { listings, listingTermCounts, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';

export interface BackfillReport {
  /** 1 when the settings row was missing and is now there (was migration 0007's INSERT). */
  settingsRow: number;
  /** Count rows written for terms that had none (was migration 0008's INSERT … SELECT). */
  termCounts: number;
  /** Listings that had no search terms and now have them (listings from before migration 0006). */
  listingTerms: number;
  /** Listings published before the alerts' clock, stamped 0: announced already, never again (decision 082). */
  alertStamps: number;
  /** Listings whose terms were rewritten folded, with their county's former names (decision 093). */
  refoldedTerms: number;
  /** Saved searches filed again under their folded search word (decision 093). */
  refiledSearches: number;
  /** Rate-limit rows keyed by a plain address or its plain hash, removed (decision 134). */
  plainRateLimits: number;
  /** Listings whose search terms took their date, for newest-first searches (decision 151). */
  termDates: number;
}

/** The back office's one row (packages/api/src/settings/settings.ts). */
const SETTINGS_ROW = 1;

/** readSettings takes a missing row as the defaults; the admin's form and the tests update it. */
async function settingsRow(handle: MysqlHandle): Promise<number> {
  const [result] = await handle.mysql2.insert(appSettings).ignore().values({ id: SETTINGS_ROW });
  return result.affectedRows;
}

/**
 * listing_term_counts from listing_terms, only while the counts are empty and the terms are not (a
 * database that had terms before the counts existed). From then on syncListingTerms keeps both.
 * Two runs at once queue on the settings row (gap locks on an empty table would let both in, and
 * then deadlock); the locking read of the counts waits for a sync still writing them.
 */
async function termCounts(handle: MysqlHandle): Promise<number> {
  return handle.mysql2.transaction(async (tx) => {
    await tx.select({ id: appSettings.id }).from(appSettings).where(eq(appSettings.id, SETTINGS_ROW)).for('update');
    const counted = await tx.select({ term: listingTermCounts.term }).from(listingTermCounts).limit(1).for('update');
    if (counted.length > 0) return 0;
    const [result] = await tx.execute(
      sql`INSERT INTO ${listingTermCounts} (is_public, term, n) SELECT is_public, term, COUNT(*) FROM ${listingTerms} GROUP BY is_public, term`,
    );
    return result.affectedRows;
  });
}

/**
 * Terms for listings that have none, 500 at a time, through the same syncListingTerms every write
 * uses (it keeps the counts too). Not an alert: these listings were public all along, so the
 * saved-search queue entries the sync adds for them are taken out again in the same transaction.
 */
async function listingTermsStep(handle: MysqlHandle): Promise<number> {
  const tried = new Set<string>();
  let filled = 0;
  for (;;) {
    const missing = await handle.db
      .select({ id: listings.id })
      .from(listings)
      .leftJoin(listingTerms, eq(listingTerms.listingId, listings.id))
      .where(isNull(listingTerms.listingId))
      .limit(500);
    // Every listing has words (title, industry); the guard only stops a loop on one that has none.
    const ids = missing.map((row) => row.id).filter((id) => !tried.has(id));
    if (ids.length === 0) return filled;
    ids.forEach((id) => tried.add(id));
    filled += await handle.db.transaction(async (tx) => {
      // Lock the listings, then read their terms afresh: a second run at once waits here and then
      // finds them filled, so no term is written twice and no count moved twice.
      await tx.select({ id: listings.id }).from(listings).where(inArray(listings.id, ids)).for('update');
      const done = new Set((await tx.selectDistinct({ id: listingTerms.listingId }).from(listingTerms).where(inArray(listingTerms.listingId, ids))).map((row) => row.id));
      const todo = ids.filter((id) => !done.has(id));
      if (todo.length === 0) return 0;
      const queued = new Set((await tx.select({ id: savedSearchQueue.listingId }).from(savedSearchQueue).where(inArray(savedSearchQueue.listingId, todo))).map((row) => row.id));
      await syncListingTerms(tx, todo);
      const added = todo.filter((id) => !queued.has(id));
      if (added.length > 0) await tx.delete(savedSearchQueue).where(inArray(savedSearchQueue.listingId, added));
      return todo.length;
    });
  }
}

/**
 * Listings public or published before migration 0016 were announced through the hits it dropped; stamp 0
 * (below every watermark) keeps a renewal from announcing them again. A listing still in the queue
 * waits for the job's own stamp. A second run finds nothing left to stamp.
 */
async function alertStamps(handle: MysqlHandle): Promise<number> {
  const [result] = await handle.mysql2
    .update(listings)
    .set({ alertSeq: 0, updatedAt: sql`${listings.updatedAt}` })
    .where(and(isNull(listings.alertSeq), or(isNotNull(listings.publishedAt), eq(listings.isPublic, true)), notExists(handle.mysql2.select({ one: sql`1` }).from(savedSearchQueue).where(eq(savedSearchQueue.listingId, listings.id)))));
  return result.affectedRows;
}

/** Every step in order (counts before terms: the terms step moves counts that must already be whole). */
export async function runBackfills(handle: MysqlHandle, options: { listingTerms?: boolean } = {}): Promise<BackfillReport> {
  const report: BackfillReport = { settingsRow: await settingsRow(handle), termCounts: await termCounts(handle), listingTerms: 0, alertStamps: 0, refoldedTerms: 0, refiledSearches: 0, plainRateLimits: 0, termDates: 0 };
  if (options.listingTerms !== false) {
    report.listingTerms = await listingTermsStep(handle);
    report.alertStamps = await alertStamps(handle);
  }
  // Cheap (the count rows, an index range per county): every start checks that the index is folded.
  report.refoldedTerms = await refoldTerms(handle);
  report.refiledSearches = await refileSavedSearches(handle);
  report.plainRateLimits = await removePlainRateLimits(handle);
  // Last, after every step that writes terms (they write dated rows); a join of every term, so only
  // where the listings step runs too (a local start runs it after applying migrations).
  if (options.listingTerms !== false) report.termDates = await fillTermDates(handle);
  return report;
}
