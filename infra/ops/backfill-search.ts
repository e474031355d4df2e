/**
 * `ops backfill`'s rebuild of the search index after the folding of decision 093: terms without
 * accents ('kafé' → 'kafe') and the former county names ('hordaland', 'sognogfjordane') as terms of
 * the listings in their counties; and confidential listings' terms without their town (decision 099). Each step looks before it writes — a listing is rewritten only
 * when its terms differ from what `listingTerms` gives now, a saved search's bucket only when it
 * differs from `bucketsOf` — so a second run, or two at once, changes nothing.
 */
import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { bucketsOf } from '@bedriftstorget/api/saved-search/buckets';
import { formerNamesOf } from '@bedriftstorget/core/listing/former-counties';
import { listings, listingTermCounts, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { counties, countyOf, townsOfCounty } from '@bedriftstorget/core/listing/places';
import { countyTerm, fold, listingTerms as termsOf, SEARCH_INDEX_VERSION } from '@bedriftstorget/core/listing/search-terms';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { SETTINGS_ROW_ID } from '@bedriftstorget/api/settings/settings';
import { savedSearchQueue, savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';

const BATCH = 500;

/** Which rules the stored terms were written by (decision 148); no settings row reads as the first. */
async function indexVersion(handle: MysqlHandle): Promise<number> {
  const [row] = await handle.db.select({ version: appSettings.searchIndexVersion }).from(appSettings).where(eq(appSettings.id, SETTINGS_ROW_ID));
  return row?.version ?? 0;
}

/**
 * Listings whose terms may be stale: all of them when the index was written by older rules (once,
 * then the version is raised); otherwise, the cheap checks of every start: a word not folded yet, a
 * county's former names missing, or a confidential one's town.
 */
async function suspects(handle: MysqlHandle, stale: boolean): Promise<string[]> {
  if (stale) return (await handle.db.select({ id: listings.id }).from(listings).orderBy(asc(listings.id))).map((row) => row.id);
  const ids = new Set<string>();
  // Every word ever written has a count row (thousands, not millions): the unfolded ones among those still in use.
  const words = await handle.db.select({ term: listingTermCounts.term }).from(listingTermCounts).where(gt(listingTermCounts.n, 0));
  const unfolded = [...new Set(words.map((row) => row.term).filter((term) => fold(term) !== term))];
  for (let i = 0; i < unfolded.length; i += BATCH) {
    const rows = await handle.db.selectDistinct({ id: listingTerms.listingId }).from(listingTerms).where(inArray(listingTerms.term, unfolded.slice(i, i + BATCH)));
    rows.forEach((row) => ids.add(row.id));
  }
  for (const county of counties) {
    const former = formerNamesOf(county)[0];
    if (!former) continue;
    const has = handle.db.select({ one: sql`1` }).from(listingTerms).where(and(eq(listingTerms.listingId, listings.id), eq(listingTerms.term, countyTerm(former))));
    const rows = await handle.db
      .select({ id: listings.id, location: listings.location })
      .from(listings)
      .where(and(inArray(listings.location, townsOfCounty(county)), sql`NOT EXISTS (${has})`));
    // The column's collation is looser than countyOf ('Forde' = 'Førde' there): only what the terms would name.
    rows.filter((row) => countyOf(row.location) === county).forEach((row) => ids.add(row.id));
  }
  // Confidential listings are found by their county, never their town (decision 099): indexed before
  // that rule, their terms hold the town. They are few, so each is compared below.
  for (const row of await handle.db.select({ id: listings.id }).from(listings).where(eq(listings.confidential, true))) ids.add(row.id);
  return [...ids].sort();
}

/** Rewrites the terms of listings whose terms are not what listingTerms gives now; returns how many. */
export async function refoldTerms(handle: MysqlHandle): Promise<number> {
  const version = await indexVersion(handle);
  const ids = await suspects(handle, version < SEARCH_INDEX_VERSION);
  let rewritten = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    rewritten += await handle.db.transaction(async (tx) => {
      // Locked, then compared afresh: a second run at once waits here and then finds nothing to do.
      const rows = await tx
        .select({ id: listings.id, title: listings.title, description: listings.description, location: listings.location, industry: listings.industry, confidential: listings.confidential })
        .from(listings)
        .where(inArray(listings.id, batch))
        .for('update');
      const have = new Map<string, Set<string>>();
      for (const row of await tx.select({ id: listingTerms.listingId, term: listingTerms.term }).from(listingTerms).where(inArray(listingTerms.listingId, batch))) {
        have.set(row.id, (have.get(row.id) ?? new Set()).add(row.term));
      }
      // Listings without any terms are the listing-terms step's; here only those whose terms differ.
      const stale = rows.filter((row) => {
        const now = have.get(row.id);
        const want = termsOf(row);
        return now !== undefined && (now.size !== want.length || want.some((term) => !now.has(term)));
      }).map((row) => row.id);
      if (stale.length === 0) return 0;
      // Not news for the alerts: whatever the sync queues for these listings is taken out again.
      const queued = new Set((await tx.select({ id: savedSearchQueue.listingId }).from(savedSearchQueue).where(inArray(savedSearchQueue.listingId, stale))).map((row) => row.id));
      await syncListingTerms(tx, stale);
      const added = stale.filter((id) => !queued.has(id));
      if (added.length > 0) await tx.delete(savedSearchQueue).where(inArray(savedSearchQueue.listingId, added));
      return stale.length;
    });
  }
  // Raised only after every listing was compared: a run cut off half-way compares them all again.
  if (version < SEARCH_INDEX_VERSION) {
    await handle.db.update(appSettings).set({ searchIndexVersion: SEARCH_INDEX_VERSION }).where(and(eq(appSettings.id, SETTINGS_ROW_ID), lt(appSettings.searchIndexVersion, SEARCH_INDEX_VERSION)));
  }
  return rewritten;
}

/** Saved searches filed under a word as it was before folding ('kafé') are filed again under today's key ('kafe'). */
export async function refileSavedSearches(handle: MysqlHandle): Promise<number> {
  let moved = 0;
  let after = '';
  for (;;) {
    const rows = await handle.db
      .select({ id: savedSearches.id, filters: savedSearches.filters, termKey: savedSearches.termKey })
      .from(savedSearches)
      .where(and(isNotNull(savedSearches.termKey), gt(savedSearches.id, after)))
      .orderBy(asc(savedSearches.id))
      .limit(BATCH);
    if (rows.length === 0) return moved;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      const key = bucketsOf(row.filters).termKey;
      if (key === row.termKey || key === null) continue;
      // Conditional: a run at once that refiled it first leaves nothing to change here.
      const [result] = await handle.mysql2.update(savedSearches).set({ termKey: key }).where(and(eq(savedSearches.id, row.id), eq(savedSearches.termKey, row.termKey!)));
      moved += result.affectedRows;
    }
  }
}
