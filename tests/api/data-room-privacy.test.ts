import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanDataRoom } from '@bedriftstorget/api/data-room/cleanup';
import { documentDownloads, listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { grantAccess, pdf, uploadDocument } from './data-room-helpers';
import { createListing } from './fixtures';
import { db, signedInUser } from './harness';
import { harness } from './seller-helpers';
import { unlabelledKeys } from './export-summary-words';

/** The data room and the person (decision 097): 'Last ned mine data', 'Slett konto', and the clean-up of stamped copies. */
describe('the data room and privacy', () => {
  it("lists the seller's documents (titles, not files) and the buyer's downloads in 'Last ned mine data'", async () => {
    const h = harness();
    const seller = await signedInUser(h);
    const buyer = await signedInUser(h);
    const listingId = await createListing(seller.userId, { status: 'active' });
    await grantAccess(listingId, buyer.userId);
    const document = await uploadDocument(seller.browser, listingId, await pdf(2), 'Leiekontrakt.pdf');
    await buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id }));
    const sellerData = await seller.browser.call((c) => c.profile.exportData());
    expect(sellerData.documents).toEqual([expect.objectContaining({ listingId, title: 'Leiekontrakt', fileName: 'Leiekontrakt.pdf', pages: 2 })]);
    expect(JSON.stringify(sellerData)).not.toContain('documents/');
    const buyerData = await buyer.browser.call((c) => c.profile.exportData());
    expect(unlabelledKeys([sellerData, buyerData]), 'fields oversikt.html has no words for').toEqual([]);
    expect(buyerData.documentDownloads).toEqual([expect.objectContaining({ listingId, documentTitle: 'Leiekontrakt' })]);
  });

  it("deletes the seller's documents from the bucket with the account; the buyer's download stays with no name", async () => {
    const h = harness();
    const seller = await signedInUser(h);
    const buyer = await signedInUser(h);
    const listingId = await createListing(seller.userId, { status: 'active' });
    await grantAccess(listingId, buyer.userId);
    const document = await uploadDocument(seller.browser, listingId, await pdf(1));
    const [row] = await db.select().from(listingDocuments).where(eq(listingDocuments.id, document.id));
    await seller.browser.call((c) => c.profile.deleteAccount({ password: seller.password }));
    expect(await h.documents.size(row!.storageKey)).toBeNull();
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.ownerId, seller.userId))).toEqual([]);

    // A buyer who downloaded and then left: the seller's log says 'Slettet bruker' (name and address null).
    const other = await signedInUser(h);
    const second = await createListing(other.userId, { status: 'active' });
    await grantAccess(second, buyer.userId);
    const kept = await uploadDocument(other.browser, second, await pdf(1));
    await buyer.browser.call((c) => c.dataRoom.download({ documentId: kept.id }));
    await buyer.browser.call((c) => c.profile.deleteAccount({ password: buyer.password }));
    expect(await other.browser.call((c) => c.dataRoom.downloads({ listingId: second }))).toEqual([expect.objectContaining({ name: null, email: null, documentTitle: kept.title })]);
    expect(await db.select().from(documentDownloads).where(eq(documentDownloads.userId, buyer.userId))).toHaveLength(1);
  }, 60_000);

  it("'Slett konto' deletes the copies stamped with the buyer's name at once, not at the hourly clean-up; others' copies stay", async () => {
    const h = harness();
    const seller = await signedInUser(h);
    const buyer = await signedInUser(h);
    const listingId = await createListing(seller.userId, { status: 'active' });
    await grantAccess(listingId, buyer.userId);
    const first = await uploadDocument(seller.browser, listingId, await pdf(1));
    const second = await uploadDocument(seller.browser, listingId, await pdf(2));
    for (const document of [first, second]) await buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id }));
    const { url } = await seller.browser.call((c) => c.dataRoom.download({ documentId: first.id }));
    expect(await h.documents.list(`stamped/${buyer.userId}/`, 10)).toHaveLength(2);
    await buyer.browser.call((c) => c.profile.deleteAccount({ password: buyer.password }));
    expect(await h.documents.list(`stamped/${buyer.userId}/`, 10)).toEqual([]);
    expect((await fetch(url)).status).toBe(200);
  }, 60_000);

  it('removes stamped copies an hour old and uploads never confirmed within a day', async () => {
    const h = harness();
    const seller = await signedInUser(h);
    const listingId = await createListing(seller.userId, { status: 'active' });
    const document = await uploadDocument(seller.browser, listingId, await pdf(1));
    const { url } = await seller.browser.call((c) => c.dataRoom.download({ documentId: document.id }));
    const stampedKey = new URL(url).pathname.replace('/listing-documents/', '');
    const grant = await seller.browser.call((c) => c.dataRoom.presignUpload({ listingId, fileName: 'aldri.pdf', size: 100 }));
    expect(await cleanDataRoom(h, new Date())).toEqual({ stamped: 0, pending: 0 });
    expect(await h.documents.size(stampedKey)).not.toBeNull();
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const cleaned = await cleanDataRoom(h, later);
    expect(cleaned.pending).toBe(1);
    expect(cleaned.stamped).toBeGreaterThanOrEqual(1);
    expect(await h.documents.size(stampedKey)).toBeNull();
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.id, grant.documentId))).toEqual([]);
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.id, document.id))).toHaveLength(1);
  });
});
