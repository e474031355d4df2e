import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { db, LOCK_TEST_TIMEOUT } from './harness';
import { seen, signedInAdmin } from './admin-helpers';
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

  it('holds the quota for an owner without a profile row: the user row is locked too (decision 098)', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { browser, userId } = await seller();
    await db.delete(profiles).where(eq(profiles.id, userId));
    const submits = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const id = crypto.randomUUID();
        const image = await upload(browser, id);
        return browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] })).then(() => 'ok', (e: { message: string }) => e.message);
      }),
    );
    expect(submits.filter((s) => s === 'ok')).toHaveLength(3);
    expect(await db.select().from(listings).where(eq(listings.ownerId, userId))).toHaveLength(3);
  });
});

describe('editing a published listing at once (decision 086)', () => {
  async function activeListing() {
    const s = await seller();
    const id = crypto.randomUUID();
    const image = await upload(s.browser, id);
    await s.browser.call((c) => c.seller.create({ id, fields, images: [{ uploadId: image.uploadId }] }));
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, id));
    const save = (title: string) => s.browser.call((c) => c.seller.update({ id, fields: { ...fields, title }, images: [{ uploadId: image.uploadId }] }));
    return { ...s, id, save };
  }
  const pending = (id: string) => db.select().from(listingRevisions).where(and(eq(listingRevisions.listingId, id), eq(listingRevisions.status, 'pending')));

  it('five saves at once all succeed and leave one pending revision; the public text is untouched', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { id, save } = await activeListing();
    const titles = Array.from({ length: 5 }, (_, i) => `Samtidig endring nummer ${i}`);
    await Promise.all(titles.map(save));
    const rows = await pending(id);
    expect(rows).toHaveLength(1);
    expect(titles).toContain(rows[0]!.fields.title);
    expect((await db.select({ title: listings.title }).from(listings).where(eq(listings.id, id)))[0]!.title).toBe(fields.title);
  });

  it('a save during an approval lands after it (and waits) or before it (and the approval of the version staff saw is refused)', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { h, id, save } = await activeListing();
    const admin = await signedInAdmin(h);
    await save('Første versjon til godkjenning');
    const opened = await seen([id]);
    const [approval] = await Promise.allSettled([admin.browser.call((c) => c.admin.review.approve(opened)), save('Andre versjon til godkjenning')]);
    const [row] = await db.select({ title: listings.title }).from(listings).where(eq(listings.id, id));
    const waiting = (await pending(id)).map((r) => r.fields.title);
    // Never the unseen second version published (decision 106).
    if (approval.status === 'fulfilled') expect([row!.title, waiting]).toEqual(['Første versjon til godkjenning', ['Andre versjon til godkjenning']]);
    else expect([approval.reason, row!.title, waiting]).toMatchObject([{ code: 'CONFLICT' }, fields.title, ['Andre versjon til godkjenning']]);
  });
});
