import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '@bedriftstorget/api/listing/detail';
import { documentDownloads, listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { signedInAdmin } from './admin-helpers';
import { grantAccess, pdf, uploadDocument } from './data-room-helpers';
import { createListing } from './fixtures';
import { db, signedInUser } from './harness';
import { harness } from './seller-helpers';

/**
 * Data-room guards that breaking on purpose showed no test defended (decision 097): a made-up id,
 * staff reading the log, and a stored file that is gone or no longer a PDF — each a clear Norwegian
 * refusal, never a server error or a copy, and nothing logged as downloaded.
 */
const refusal = (call: Promise<unknown>) => call.then(() => ({ code: 'OK', message: '' }), (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));

async function world() {
  const h = harness();
  const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
  const listingId = await createListing(seller.userId, { status: 'active' });
  await grantAccess(listingId, buyer.userId);
  return { h, seller, buyer, listingId };
}

describe('the data room of a listing that does not exist', () => {
  it('is not found, as any listing the caller may not see: the list, the log and a download', async () => {
    const { seller } = await world();
    const notFound = { code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE };
    expect(await refusal(seller.browser.call((c) => c.dataRoom.list({ listingId: crypto.randomUUID() })))).toEqual(notFound);
    expect(await refusal(seller.browser.call((c) => c.dataRoom.downloads({ listingId: crypto.randomUUID() })))).toEqual(notFound);
    expect(await refusal(seller.browser.call((c) => c.dataRoom.download({ documentId: crypto.randomUUID() })))).toEqual(notFound);
  });
});

describe("'Hvem har åpnet dokumentene'", () => {
  it('staff read the log as the owner does; the buyer who downloaded does not', async () => {
    const w = await world();
    const admin = await signedInAdmin(w.h);
    const document = await uploadDocument(w.seller.browser, w.listingId, await pdf(1));
    await w.buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id }));
    const logOf = (who: typeof admin) => who.browser.call((c) => c.dataRoom.downloads({ listingId: w.listingId })).then((rows) => rows.map((row) => row.email), (e: { code: string }) => e.code);
    expect([await logOf(admin), await logOf(w.seller), await logOf(w.buyer)]).toEqual([[w.buyer.email], [w.buyer.email], 'NOT_FOUND']);
  }, 60_000);
});

describe('a stored document that cannot be handed out', () => {
  it('gone from the bucket: not found in Norwegian, and no download is logged', async () => {
    const w = await world();
    const document = await uploadDocument(w.seller.browser, w.listingId, await pdf(1));
    const [row] = await db.select({ key: listingDocuments.storageKey }).from(listingDocuments).where(eq(listingDocuments.id, document.id));
    await w.h.documents.delete(row!.key);
    expect(await refusal(w.buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id })))).toEqual({ code: 'NOT_FOUND', message: texts.notFound });
    expect(await db.select().from(documentDownloads).where(eq(documentDownloads.documentId, document.id))).toEqual([]);
  });

  it('no longer a PDF (the object overwritten): the stamping fails with a Norwegian message, and no download is logged', async () => {
    const w = await world();
    const document = await uploadDocument(w.seller.browser, w.listingId, await pdf(1));
    const [row] = await db.select({ key: listingDocuments.storageKey }).from(listingDocuments).where(eq(listingDocuments.id, document.id));
    await w.h.documents.put(row!.key, new TextEncoder().encode('ikke en pdf'), 'application/pdf');
    expect(await refusal(w.buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id })))).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: texts.downloadFailed });
    expect(await db.select().from(documentDownloads).where(eq(documentDownloads.documentId, document.id))).toEqual([]);
  });
});
