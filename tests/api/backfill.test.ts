import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMysql, type MysqlHandle } from '@bedriftstorget/api/db/mysql';
import { listings, listingTermCounts, listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { SEARCH_INDEX_VERSION } from '@bedriftstorget/core/listing/search-terms';
import { createDatabaseIfMissing, dropDatabase, migrateDatabase, migrateLocalDatabase } from '../../infra/db';
import { runBackfills } from '../../infra/ops/backfill';
import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { testDatabaseUrl } from '../setup/test-db';

/**
 * `ops backfill` (docs/decisions/063): the data changes migrations no longer make. Its own database,
 * with what an old install holds: listings without search terms, terms without counts, no settings row.
 */
const url = testDatabaseUrl(`backfill_${process.pid}`);
afterAll(() => dropDatabase(url));

async function listing(handle: MysqlHandle, title: string): Promise<string> {
  const id = crypto.randomUUID();
  await handle.mysql2.execute(sql`INSERT INTO users (id, email) VALUES (${id}, ${`${id}@test.no`})`);
  await handle.db.insert(listings).values({ id, ownerId: id, title, industry: 'restaurant', location: 'Bodø', description: 'Et bakeri med faste kunder og gode rutiner i mange år.', status: 'active' });
  return id;
}

/** What the three steps write, to compare one run with the next. */
async function state(handle: MysqlHandle) {
  return {
    settings: await handle.db.select({ id: appSettings.id }).from(appSettings),
    terms: await handle.db.select().from(listingTerms).orderBy(listingTerms.listingId, listingTerms.term),
    counts: await handle.db.select().from(listingTermCounts).orderBy(listingTermCounts.isPublic, listingTermCounts.term),
    queue: await handle.db.select({ id: savedSearchQueue.listingId }).from(savedSearchQueue),
    stamps: await handle.db.select({ id: listings.id, alertSeq: listings.alertSeq }).from(listings).orderBy(listings.id),
  };
}

/** The counts as the terms say they should be. */
async function recount(handle: MysqlHandle) {
  const [rows] = await handle.mysql2.execute(sql`SELECT is_public AS isPublic, term, COUNT(*) AS n FROM listing_terms GROUP BY is_public, term ORDER BY is_public, term`);
  return (rows as unknown as { isPublic: number; term: string; n: number }[]).map((row) => ({ isPublic: Boolean(row.isPublic), term: row.term, n: Number(row.n) }));
}

describe('ops backfill', () => {
  it('fills what an old install lacks, run twice at once; a third run changes nothing', { timeout: 120_000 }, async () => {
    await dropDatabase(url);
    await createDatabaseIfMissing(url);
    const first = connectMysql(url, 2);
    const second = connectMysql(url, 2);
    try {
      await migrateDatabase(first);
      // Schema only: the migrations wrote no rows.
      expect(await state(first)).toEqual({ settings: [], terms: [], counts: [], queue: [], stamps: [] });
      const withoutTerms = await listing(first, 'Bakeri i Bodø');
      // Terms written before listing_term_counts existed: rows in listing_terms, no counts.
      const withTerms = await listing(first, 'Kafé på kaia');
      await first.db.insert(listingTerms).values(['kafé', 'kaia', 'bodø'].map((term) => ({ listingId: withTerms, term, isPublic: true })));

      const [a, b] = await Promise.all([runBackfills(first), runBackfills(second)]);
      // Each change made once, by one run or the other.
      expect(a.settingsRow + b.settingsRow).toBe(1);
      expect(a.termCounts + b.termCounts).toBe(3);
      expect(a.listingTerms + b.listingTerms).toBe(1);
      // Both were public before the alerts' clock: stamped 0, so a renewal announces neither.
      expect(a.alertStamps + b.alertStamps).toBe(2);
      // 'kafé' written before folding (decision 093): that listing's terms rewritten, by one run.
      expect(a.refoldedTerms + b.refoldedTerms).toBe(1);
      const after = await state(first);
      expect(after.settings).toEqual([{ id: 1 }]);
      expect(after.terms.filter((row) => row.listingId === withoutTerms).map((row) => row.term)).toEqual(expect.arrayContaining(['bakeri', 'bodø']));
      expect(after.terms.filter((row) => row.listingId === withTerms).map((row) => row.term)).toEqual(expect.arrayContaining(['kafe', 'kaia', 'bakeri']));
      expect(after.terms.map((row) => row.term)).not.toContain('kafé');
      // A word rewritten keeps its count row at 0 (decision 039: rows stay, counts go to zero).
      expect(after.counts.filter((row) => row.n !== 0)).toEqual(await recount(first));
      // Listings that were public all along are not news for the saved searches' alerts.
      expect(after.queue).toEqual([]);
      expect(after.stamps.map((row) => row.alertSeq)).toEqual([0, 0]);

      expect(await runBackfills(first)).toEqual({ settingsRow: 0, termCounts: 0, listingTerms: 0, alertStamps: 0, refoldedTerms: 0, refiledSearches: 0, plainRateLimits: 0, termDates: 0 });
      expect(await state(first)).toEqual(after);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('two runs parked at the same moment while a write holds the counts: one writes them, the other then finds them', { timeout: 120_000 }, async () => {
    await dropDatabase(url);
    await createDatabaseIfMissing(url);
    const [first, second] = [connectMysql(url, 1), connectMysql(url, 1)];
    const holder = await createSessionConnection(url);
    try {
      await migrateDatabase(first);
      // Folded words already (decision 093), written by today's rules (decision 148), so the rebuild
      // of the index has nothing to do here.
      const id = await listing(first, 'Kafe på kaia');
      await first.db.insert(listingTerms).values(['kafe', 'kaia'].map((term) => ({ listingId: id, term, isPublic: true })));
      await first.db.insert(appSettings).ignore().values({ id: 1 });
      await first.db.update(appSettings).set({ searchIndexVersion: SEARCH_INDEX_VERSION }).where(eq(appSettings.id, 1));
      // A transaction that has read the (empty) counts for update, as a sync about to write them would.
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM listing_term_counts FOR UPDATE');
      const parked = [runBackfills(first, { listingTerms: false }), runBackfills(second, { listingTerms: false })];
      const settled = [false, false];
      parked.forEach((run, i) => void run.then(() => (settled[i] = true), () => (settled[i] = true)));
      // Both runs wait (one behind the holder, one behind the first run): neither finishes while the
      // write holds the counts. (Watching information_schema's lock waits saw none in full runs.)
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(settled).toEqual([false, false]);
      await holder.query('COMMIT');
      const [a, b] = (await Promise.all(parked)) as [Awaited<(typeof parked)[0]>, Awaited<(typeof parked)[1]>];
      expect([a.termCounts, b.termCounts].sort()).toEqual([0, 2]);
      expect(await first.db.select().from(listingTermCounts)).toHaveLength(2);
    } finally {
      await holder.end();
      for (const handle of [first, second]) await handle.close();
    }
  });

  it('terms written before their date was kept take their listing\'s date, once (decision 151)', { timeout: 120_000 }, async () => {
    await dropDatabase(url);
    await createDatabaseIfMissing(url);
    const handle = connectMysql(url, 1);
    try {
      await migrateDatabase(handle);
      await handle.db.insert(appSettings).ignore().values({ id: 1, searchIndexVersion: SEARCH_INDEX_VERSION });
      const [old, dated] = [await listing(handle, 'Kafe på kaia'), await listing(handle, 'Bakeri i Bodø')];
      await handle.mysql2.execute(sql`UPDATE listings SET created_at = '2025-03-04 05:06:07.089' WHERE id = ${old}`);
      // As code from before migration 0057 wrote them: no date, so the column's epoch.
      await handle.db.insert(listingTerms).values(['kafe', 'kaia'].map((term) => ({ listingId: old, term, isPublic: true })));
      await handle.db.insert(listingTerms).values(['bakeri'].map((term) => ({ listingId: dated, term, isPublic: true, createdAt: new Date('2024-01-01T00:00:00Z') })));
      const dates = async (id: string) => (await handle.db.select({ at: listingTerms.createdAt }).from(listingTerms).where(eq(listingTerms.listingId, id))).map((row) => row.at.toISOString());
      expect(await dates(old)).toEqual(['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z']);
      expect((await runBackfills(handle)).termDates).toBe(2);
      expect(await dates(old)).toEqual(['2025-03-04T05:06:07.089Z', '2025-03-04T05:06:07.089Z']);
      const [{ at }] = await handle.db.select({ at: listings.createdAt }).from(listings).where(eq(listings.id, dated)) as [{ at: Date }];
      expect(await dates(dated)).toEqual([at.toISOString()]);
      expect((await runBackfills(handle)).termDates).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('a local start (migrateLocalDatabase) reads every listing for missing terms only in a run that applied migrations', { timeout: 120_000 }, async () => {
    await dropDatabase(url);
    await createDatabaseIfMissing(url);
    const handle = connectMysql(url, 1);
    try {
      await migrateLocalDatabase(handle);
      const id = await listing(handle, 'Bakeri i Bodø');
      const terms = async () => (await handle.db.select().from(listingTerms).where(eq(listingTerms.listingId, id))).length;
      // An ordinary start: nothing to migrate, so no anti-join over every listing (1.6 s at 100 000).
      expect(await migrateLocalDatabase(handle)).toEqual([]);
      expect(await terms()).toBe(0);
      // The operator's backfill always looks.
      expect((await runBackfills(handle)).listingTerms).toBe(1);
      expect(await terms()).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });
});
