import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingImages, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { images as imageTexts } from '@bedriftstorget/core/texts/seller';
import { db, signedInUser } from './harness';
import { fields, seller, upload } from './seller-helpers';

/** Replacing pictures in the wizard: a removed upload is gone at once and its place is free again. */
describe('replacing images', () => {
  it('five uploads removed make room for five new ones, objects and rows deleted at once', async () => {
    const { h, browser } = await seller();
    const listingId = crypto.randomUUID();
    const first: { uploadId: string; url: string }[] = [];
    for (let i = 0; i < 5; i += 1) first.push(await upload(browser, listingId, undefined, 'image/png', i));
    await expect(browser.call((c) => c.seller.presignUpload({ listingId, contentType: 'image/png', index: 5 }))).rejects.toMatchObject({ message: imageTexts.tooManyText });
    const [row] = await db.select().from(uploads).where(eq(uploads.id, first[0]!.uploadId));
    for (const done of first) await browser.call((c) => c.seller.removeUpload({ uploadId: done.uploadId }));
    expect(await db.select().from(uploads).where(eq(uploads.listingId, listingId))).toHaveLength(0);
    expect(await h.storage.size(row!.finalKey!)).toBeNull();
    const second: { uploadId: string }[] = [];
    for (let i = 0; i < 5; i += 1) second.push(await upload(browser, listingId, undefined, 'image/png', i));
    await browser.call((c) => c.seller.create({ id: listingId, fields, images: second.map((s) => ({ uploadId: s.uploadId })) }));
    expect(await db.select().from(listingImages).where(eq(listingImages.listingId, listingId))).toHaveLength(5);
  });

  it('a listing with five images takes a replacement before the save that drops the old one', async () => {
    const { browser } = await seller();
    const listingId = crypto.randomUUID();
    const made: { uploadId: string }[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await upload(browser, listingId, undefined, 'image/png', i));
    await browser.call((c) => c.seller.create({ id: listingId, fields, images: made.map((m) => ({ uploadId: m.uploadId })) }));
    const kept = await db.select({ id: listingImages.id }).from(listingImages).where(eq(listingImages.listingId, listingId)).orderBy(listingImages.displayOrder);
    const replacement = await upload(browser, listingId, undefined, 'image/png', 5);
    await browser.call((c) => c.seller.update({ id: listingId, fields, images: [...kept.slice(0, 4).map((k) => ({ imageId: k.id })), { uploadId: replacement.uploadId }] }));
    const after = await db.select({ url: listingImages.imageUrl }).from(listingImages).where(eq(listingImages.listingId, listingId));
    expect(after.map((a) => a.url)).toContain(replacement.url);
    expect(after).toHaveLength(5);
  });

  it('removes only the caller’s own upload, and never one a save has attached', async () => {
    const { h, browser } = await seller();
    const listingId = crypto.randomUUID();
    const mine = await upload(browser, listingId);
    const other = await signedInUser(h);
    await other.browser.call((c) => c.seller.removeUpload({ uploadId: mine.uploadId }));
    expect(await db.select().from(uploads).where(eq(uploads.id, mine.uploadId))).toHaveLength(1);
    await browser.call((c) => c.seller.create({ id: listingId, fields, images: [{ uploadId: mine.uploadId }] }));
    await browser.call((c) => c.seller.removeUpload({ uploadId: mine.uploadId }));
    expect(await db.select().from(uploads).where(eq(uploads.id, mine.uploadId))).toHaveLength(1);
    expect(await h.storage.size(mine.url.replace('/images/', ''))).not.toBeNull();
  });
});
