import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { db, LOCK_TEST_TIMEOUT } from './harness';
import { fields, seller, upload } from './seller-helpers';

/**
 * Transactions and row locks under concurrency (decision 003). These files run twice: in the `api`
 * project through mysql2, and in `api-planetscale` through PlanetScale's HTTP driver and the local
 * stand-in for its API (decision 010), where every statement is its own HTTP call.
 */

describe('submitting a listing at once', () => {
  it('is idempotent: a retried submit with the same id is one listing', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { browser, userId } = await seller();
    const id = crypto.randomUUID();
    const image = await upload(browser, id);
    const submit = () => browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] }));
    const results = await Promise.all([submit(), submit(), submit()]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await db.select().from(listings).where(and(eq(listings.id, id), eq(listings.ownerId, userId)))).toHaveLength(1);
  });

  it('holds the quota under 10 concurrent submits', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { browser, userId } = await seller();
    const submits = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const id = crypto.randomUUID();
        const image = await upload(browser, id);
        return browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] })).then(() => 'ok', (e: { message: string }) => e.message);
      }),
    );
    expect(submits.filter((s) => s === 'ok')).toHaveLength(3);
    expect(submits.filter((s) => s === wizard.quotaText(3))).toHaveLength(7);
    expect(await db.select().from(listings).where(eq(listings.ownerId, userId))).toHaveLength(3);
  });
});
