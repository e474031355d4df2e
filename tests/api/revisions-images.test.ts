import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastRejectedRevisions, pendingRevisions } from '@bedriftstorget/api/seller/revisions';
import { uploads } from '@bedriftstorget/core/listing/listing.sql';
import { db } from './harness';
import { edit, published, publicImages, revisions } from './revision-helpers';
import { PNG, upload } from './seller-helpers';

/**
 * Decision 086's image rules for revisions: an object goes when no version (public, pending) refers
 * to it any longer, and never while one does.
 */
const rawKey = async (uploadId: string) => (await db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.id, uploadId)))[0]!.key;
const stored = (w: { h: { storage: { size: (key: string) => Promise<number | null> } } }, url: string) => w.h.storage.size(url.replace('/images/', ''));

describe('the images of a revision', () => {
  it('a new save deletes the images only the replaced revision had, and the raw uploads it attached', async () => {
    const w = await published('active');
    const dropped = await upload(w.browser, w.id, PNG, 'image/png', 1);
    const kept = await upload(w.browser, w.id, PNG, 'image/png', 2);
    await edit(w, 'Første endring med bilder', [{ uploadId: w.image.uploadId }, { uploadId: dropped.uploadId }, { uploadId: kept.uploadId }]);
    // The checked copies are what the revision holds; the raw uploads are gone once attached.
    expect(await w.h.storage.size(await rawKey(dropped.uploadId))).toBeNull();
    expect(await stored(w, dropped.url)).toBeGreaterThan(0);

    const form = await w.browser.call((c) => c.seller.forEdit({ id: w.id }));
    const byUrl = new Map(form.images.map((image) => [image.url, image.id]));
    await edit(w, 'Andre endring uten ett bilde', [{ imageId: byUrl.get(kept.url)! }, { imageId: byUrl.get(w.image.url)! }]);
    expect(await stored(w, dropped.url)).toBeNull();
    expect(await stored(w, kept.url)).toBeGreaterThan(0);
    // The public image is the approved version's: a revision that leaves it out does not delete it.
    expect(await stored(w, w.image.url)).toBeGreaterThan(0);
    expect((await revisions(w.id))[0]!.images.map((image) => image.imageUrl)).toEqual([kept.url, w.image.url]);
  });

  it('a listing sent back to review is edited in place: the save replaces its waiting revision, keeping the images the form still has', async () => {
    const w = await published('active');
    const keep = await upload(w.browser, w.id, PNG, 'image/png', 1);
    const drop = await upload(w.browser, w.id, PNG, 'image/png', 2);
    await edit(w, 'Endring før den ble sendt tilbake', [{ uploadId: w.image.uploadId }, { uploadId: keep.uploadId }, { uploadId: drop.uploadId }]);
    await w.admin.browser.call((c) => c.admin.listings.update({ id: w.id, patch: { status: 'pending' } }));

    // The wizard opens the waiting version and sends its images back by id.
    const form = await w.browser.call((c) => c.seller.forEdit({ id: w.id }));
    expect(form.images.map((image) => image.url)).toEqual([w.image.url, keep.url, drop.url]);
    const ids = new Map(form.images.map((image) => [image.url, image.id]));
    expect(await edit(w, 'Rettet i stedet for revisjonen', [{ imageId: ids.get(keep.url)! }, { imageId: ids.get(w.image.url)! }])).toEqual({ id: w.id, status: 'pending', revision: false });

    expect(await revisions(w.id)).toEqual([]);
    expect(await publicImages(w.id)).toEqual([keep.url, w.image.url]);
    expect(await stored(w, keep.url)).toBeGreaterThan(0);
    expect(await stored(w, drop.url)).toBeNull();
  });
});

describe('the revision look-ups', () => {
  // A database that refuses every query: an empty list of listings must not reach it.
  const noQueries = new Proxy(db, {
    get: (target, key, receiver): unknown => (key === 'select' ? () => { throw new Error('spurte databasen'); } : Reflect.get(target, key, receiver)),
  });

  it('ask the database nothing for no listings', async () => {
    expect(await pendingRevisions(noQueries, [])).toEqual(new Map());
    expect(await lastRejectedRevisions(noQueries, [])).toEqual(new Map());
    // The same proxy does refuse a real look-up, so the two above prove the early answer.
    await expect(pendingRevisions(noQueries, [crypto.randomUUID()])).rejects.toThrow('spurte databasen');
  });
});
