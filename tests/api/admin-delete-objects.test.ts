import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads } from '@bedriftstorget/core/listing/listing.sql';
import { db } from './harness';
import { edit, published, revisions } from './revision-helpers';
import { upload } from './seller-helpers';

/**
 * Staff's 'Slett' on a listing (decision 107): every object the listing used goes with it — its
 * images, the raw uploads, and the images of an edit still waiting for staff, which no public row names.
 */
describe("staff deleting a listing", () => {
  it('deletes its upload objects and its pending revision\'s images from the bucket', async () => {
    const w = await published('active');
    const added = await upload(w.browser, w.id, undefined, 'image/png', 1);
    await edit(w, `Med nytt bilde ${w.word}`, [{ uploadId: w.image.uploadId }, { uploadId: added.uploadId }]);
    const [revision] = await revisions(w.id);
    const uploaded = await db.select({ key: uploads.storageKey, finalKey: uploads.finalKey }).from(uploads).where(eq(uploads.listingId, w.id));
    const keys = [...revision!.images.map((image) => image.storageKey), ...uploaded.flatMap((row) => [row.key, row.finalKey])].filter((key): key is string => Boolean(key));
    expect(keys.length).toBeGreaterThan(2);
    const present = async () => (await Promise.all(keys.map(async (key) => ((await w.h.storage.get(key)) ? key : null)))).filter(Boolean);
    expect((await present()).length).toBeGreaterThan(0);

    await w.admin.browser.call((c) => c.admin.listings.remove({ id: w.id }));
    expect(await present()).toEqual([]);
  });
});
