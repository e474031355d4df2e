import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { favorites } from '@bedriftstorget/core/listing/listing.sql';
import { connectMysql } from '@bedriftstorget/api/db/mysql';
import { isDatabaseUnavailable } from '@bedriftstorget/api/db/unavailable';
import { addFavorite, removeFavorite } from '@bedriftstorget/api/favorite/favorites';
import { testDatabaseUrl } from '../setup/test-db';
import { createListing } from './fixtures';
import { createHarness, LOCK_TEST_TIMEOUT, signedInUser, slot } from './harness';

// As many connections as the bench's 50 clients: with the harness's 4 the statements barely overlap.
const wide = connectMysql(testDatabaseUrl(slot), 40);
afterAll(() => wide.close());

/**
 * Saving and unsaving one listing at once (two tabs, a double tap): the DELETE holds the row, the
 * INSERTs wait for it, and when it goes two of them deadlock over the gap — found by the bench's
 * favourite toggle at 50 connections, where the victim came back as a 500. The write is retried.
 */
describe('favourite toggles at once', () => {
  it('add and remove of one listing, 120 at once on 40 connections, all succeed and leave one row or none', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const { userId: sellerId } = await signedInUser(h);
    const { userId } = await signedInUser(h);
    const listingId = await createListing(sellerId);
    for (let round = 0; round < 20; round += 1) {
      const calls = Array.from({ length: 120 }, (_, i) => (i % 2 ? removeFavorite(wide.db, userId, listingId) : addFavorite(wide.db, userId, listingId)));
      const failed = (await Promise.allSettled(calls)).filter((r) => r.status === 'rejected');
      expect(failed.map((r) => String(r.reason))).toEqual([]);
      const rows = await wide.db.select().from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)));
      expect(rows.length).toBeLessThanOrEqual(1);
    }
  });
});

describe('a deadlock that still gets out is "try again" (503), not a 500', () => {
  it('recognises it from mysql2 (code) and from the PlanetScale driver (errno in the message)', () => {
    const mysql2 = Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: mysql2 }))).toBe(true);
    const planetscale = new Error('target: x.-.primary: vttablet: rpc error: code = Aborted desc = Deadlock found when trying to get lock (errno 1213) (sqlstate 40001)');
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: planetscale }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Duplicate entry (errno 1062) (sqlstate 23000)'))).toBe(false);
  });
});
