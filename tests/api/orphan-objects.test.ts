import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, sweepOrphanObjects } from '@bedriftstorget/api/privacy/orphan-objects';
import { uploads } from '@bedriftstorget/core/listing/listing.sql';
import { storageSweeps } from '@bedriftstorget/core/storage/storage.sql';
import { db } from './harness';
import { pdf, uploadDocument } from './data-room-helpers';
import { edit, published } from './revision-helpers';
import { PNG, upload } from './seller-helpers';

/**
 * Decision 133: the scheduled job removes objects no row refers to, a day after they were written,
 * paging through each bucket over several runs — against this file's own s3rver (seller-helpers),
 * so no other test's objects are in its buckets.
 */
const keyOf = (url: string) => url.replace('/images/', '');
const exists = async (storage: { size(key: string): Promise<number | null> }, key: string) => (await storage.size(key)) !== null;

describe('the orphan sweep', () => {
  it('removes day-old objects without a row in both buckets, page by page across runs, and keeps every referenced or young one', async () => {
    const w = await published('active');
    const { h } = w;
    // Referenced: the listing's image (all its sizes), a pending revision's new image, a confirmed upload not yet attached, a ready document.
    const revised = await upload(w.browser, w.id, PNG, 'image/png', 1);
    await edit(w, 'Endring som venter', [{ uploadId: revised.uploadId }]);
    const unattached = await upload(w.browser, w.id, PNG, 'image/png', 2);
    await uploadDocument(w.browser, w.id, await pdf());
    // The seed's images and old attachments have no upload row: the listing's image is then found by
    // listing_images alone, the revision's by the revision alone, the unattached one by its upload.
    await db.delete(uploads).where(inArray(uploads.id, [w.image.uploadId, revised.uploadId]));
    const keep = {
      images: [keyOf(w.image.url), keyOf(revised.url), keyOf(unattached.url)],
      documents: (await h.documents.list(`documents/${w.id}/`, 10)).map((item) => item.key),
    };
    expect(keep.documents).toHaveLength(1);
    const sizes = (await h.storage.list(`listings/${w.id}/`, 100)).map((item) => item.key);
    expect(sizes.length).toBeGreaterThan(keep.images.length);

    // Orphans: a deleted listing's image and its size, a raw upload, a data-room file and a letter of intent without rows.
    const gone = crypto.randomUUID();
    const orphans = {
      images: [`listings/${gone}/${crypto.randomUUID()}-800x600.webp`, `listings/${gone}/${crypto.randomUUID()}-800x600-320.webp`, `uploads/${crypto.randomUUID()}`],
      documents: [`documents/${gone}/${crypto.randomUUID()}.pdf`, `document-uploads/${gone}/${crypto.randomUUID()}.pdf`, `loi/${crypto.randomUUID()}.pdf`],
    };
    for (const key of orphans.images) await h.storage.put(key, PNG, 'image/webp');
    for (const key of orphans.documents) await h.documents.put(key, PNG, 'application/pdf');
    // Under no prefix the app writes: nobody can say it is unused, so it stays.
    await h.storage.put('annet/notat.txt', new TextEncoder().encode('x'), 'text/plain');
    await db.delete(storageSweeps).where(inArray(storageSweeps.bucket, ['images', 'documents']));

    // Young: inside the grace period nothing goes, uploads in flight included.
    expect(await sweepOrphanObjects(h, new Date())).toMatchObject({ images: { removed: 0 }, documents: { removed: 0 } });
    for (const key of orphans.images) expect(await exists(h.storage, key), key).toBe(true);

    // A day and more later, one page of three keys per run: the sweep goes on where the last run stopped.
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    const position = async (bucket: string) => (await db.select().from(storageSweeps).where(eq(storageSweeps.bucket, bucket)))[0]?.afterKey;
    let runs = 0;
    do {
      await sweepOrphanObjects(h, later, { pages: 1, pageSize: 3 });
      runs += 1;
      // Back at the start in both buckets: one whole pass done.
    } while (runs < 30 && ((await position('images')) !== null || (await position('documents')) !== null));
    expect(runs).toBeGreaterThan(2);
    for (const key of orphans.images) expect(await exists(h.storage, key), key).toBe(false);
    for (const key of orphans.documents) expect(await exists(h.documents, key), key).toBe(false);
    for (const key of [...sizes, ...keep.images, 'annet/notat.txt']) expect(await exists(h.storage, key), key).toBe(true);
    for (const key of keep.documents) expect(await exists(h.documents, key), key).toBe(true);
  });
});

