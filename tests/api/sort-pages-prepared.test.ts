/**
 * A sort's pages with no words and no filters are read by statements built once per sort and phase
 * (db/prepared.ts, decision 153), with the cursor's values as placeholders. They must be the pages
 * the general read gives: every sort, page sizes whose boundaries fall inside runs of equal keys and
 * across the NULL phase, and each statement counted for its request as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { browseSorts } from '@bedriftstorget/core/listing/schemas';
import { preparedSortPages } from '@bedriftstorget/api/listing/prepared-pages';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { requestServices } from '@bedriftstorget/api/context';
import { runInRequestScope } from '@bedriftstorget/api/observability/request-scope';
import { createHarness, signedInUser, visitorCaller } from './harness';
import { createListing } from './fixtures';
import { sql } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '@bedriftstorget/api/db/client';
import { sendPrepared } from '@bedriftstorget/api/db/prepared';

const h = createHarness();

afterEach(() => {
  preparedSortPages.enabled = true;
});

/** Every page of a sort, each page's ids and the statements it sent. */
async function walk(sort: (typeof browseSorts)[number], limit: number) {
  // Each walk counts afresh: the total is cached between them.
  clearCountCache();
  const pages: { ids: string[]; statements: number }[] = [];
  let cursor: string | undefined;
  for (let pageNo = 0; pageNo < 40; pageNo += 1) {
    const { page, statements } = await runInRequestScope(async (scope) => {
      const read = await visitorCaller(requestServices(h, scope)).listing.browse({ sort, limit, cursor });
      return { page: read, statements: scope.dbRoundTrips };
    });
    pages.push({ ids: page.items.map((item) => item.id), statements });
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
  throw new Error(`${sort}: no last page after 40 pages`);
}

describe('a sort\'s own pages from statements built once (decision 153)', () => {
  it('are the pages the general read gives, in every sort, with as many statements', async () => {
    const { userId } = await signedInUser(h);
    const hourAgo = Date.now() - 3_600_000;
    // Ties in every key, NULL prices and revenues, and one listing that is not public.
    const rows = [
      { price: 1_000_000, revenue: 2_000_000, views: 3, createdAt: new Date(hourAgo) },
      { price: 1_000_000, revenue: 2_000_000, views: 3, createdAt: new Date(hourAgo) },
      { price: 1_000_000, revenue: null, views: 3, createdAt: new Date(hourAgo) },
      { price: 2_500_000, revenue: 9_000_000, views: 40, createdAt: new Date(hourAgo - 1) },
      { price: null, revenue: 5_000_000, views: 0, createdAt: new Date(hourAgo + 5) },
      { price: null, revenue: null, views: 0, createdAt: new Date(hourAgo + 5) },
      { price: null, revenue: null, views: 12, createdAt: new Date(hourAgo - 60_000) },
      { price: 400_000, revenue: 800_000, views: 1, createdAt: new Date(hourAgo + 60_000) },
    ];
    for (const row of rows) await createListing(userId, { ...row, images: 0 });
    const hidden = await createListing(userId, { status: 'pending', images: 0 });

    for (const sort of browseSorts) {
      for (const limit of [2, 3, 48]) {
        const prepared = await walk(sort, limit);
        preparedSortPages.enabled = false;
        const general = await walk(sort, limit);
        preparedSortPages.enabled = true;
        expect(prepared, `${sort}, pages of ${limit}`).toEqual(general);
        expect(prepared.flatMap((page) => page.ids)).not.toContain(hidden);
        expect(new Set(prepared.flatMap((page) => page.ids)).size).toBe(rows.length);
        // A sort without NULLs has one phase: one statement a page after the first (whose count is then cached).
        if (!/^(price|revenue)_/.test(sort)) for (const page of prepared.slice(1)) expect(page.statements, `${sort}, pages of ${limit}`).toBe(1);
      }
    }
  });

  it('builds a shape once per database, and counts each statement for the request that sent it', async () => {
    let builds = 0;
    const build = (base: Database) => {
      builds += 1;
      return base.select({ id: listings.id }).from(listings).limit(sql.placeholder('limit'));
    };
    const sendOnce = () => runInRequestScope(async (scope) => {
      await sendPrepared(requestServices(h, scope).db, 'test-shape', build, { limit: 1 });
      return scope.dbRoundTrips;
    });
    expect([await sendOnce(), await sendOnce(), await sendOnce()]).toEqual([1, 1, 1]);
    expect(builds).toBe(1);
  });
});
