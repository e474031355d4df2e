import { eq } from 'drizzle-orm';
import * as lib from 'pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findActiveAnywhere } from '@bedriftstorget/api/data-room/pdf-active';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { hostileCorpus, inflationBomb } from '../unit/pdf-corpus';
import { grantAccess, pageTexts, pdf, uploadDocument } from './data-room-helpers';
import { createListing } from './fixtures';
import { db, signedInUser, type Harness } from './harness';
import { harness } from './seller-helpers';

/**
 * Hostile documents through the API (decisions 102, 103): refused at 'Last opp' with nothing left
 * behind, and, for a file stored before these rules, a buyer's copy that cannot act. One stamp per
 * reader and document while the copy lives.
 */
async function world(h: Harness = harness()) {
  const seller = await signedInUser(h);
  const buyer = await signedInUser(h);
  const listingId = await createListing(seller.userId, { status: 'active' });
  await grantAccess(listingId, buyer.userId);
  return { h, seller, buyer, listingId };
}

const corpus = await hostileCorpus();
const escaped = corpus.filter((item) => /#4aS|6 0 R/.test(item.name));

describe('hostile uploads', () => {
  it.each(escaped.map((item) => [item.name, item.bytes] as const))('refuses %s in Norwegian and keeps nothing', async (_, bytes) => {
    const { h, seller, listingId } = await world();
    await expect(uploadDocument(seller.browser, listingId, new Uint8Array(bytes))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.hasScripts });
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.listingId, listingId))).toEqual([]);
    expect(await h.documents.list(`document-uploads/${listingId}/`, 10)).toEqual([]);
  }, 60_000);

  it('refuses an inflation bomb as too complex, off the event loop, and keeps nothing', async () => {
    const { h, seller, listingId } = await world();
    await expect(uploadDocument(seller.browser, listingId, new Uint8Array(await inflationBomb(80)))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.tooComplex });
    expect(await db.select().from(listingDocuments).where(eq(listingDocuments.listingId, listingId))).toEqual([]);
    expect(await h.documents.list(`document-uploads/${listingId}/`, 10)).toEqual([]);
  }, 60_000);
});

describe('a hostile file stored before these rules', () => {
  it('reaches the buyer as its visible pages only, stamped, with nothing active in the copy', async () => {
    const { h, seller, buyer, listingId } = await world();
    for (const item of corpus) {
      const key = `documents/${listingId}/${crypto.randomUUID()}.pdf`;
      await h.documents.put(key, item.bytes, 'application/pdf');
      const [row] = await db
        .insert(listingDocuments)
        .values({ listingId, ownerId: seller.userId, status: 'ready', storageKey: key, title: item.name.slice(0, 100), fileName: 'gammel.pdf', size: item.bytes.length, pages: 1 })
        .$returningId();
      const { url } = await buyer.browser.call((c) => c.dataRoom.download({ documentId: row!.id }));
      const copy = new Uint8Array(await (await fetch(url)).arrayBuffer());
      expect(findActiveAnywhere(lib, (await PDFDocument.load(copy)).context, true), item.name).toEqual([]);
      const [page] = await pageTexts(copy);
      expect(page, item.name).toContain('Årsregnskap 2025 – synlig tekst');
      expect(page, item.name).toContain(`Konfidensielt – ${buyer.email.split('@')[0]} – ${buyer.email}`);
    }
  }, 120_000);
});

describe('one stamp per reader and document', () => {
  it('hands the same reader the same copy again under a new link, and another reader a copy of their own', async () => {
    const { h, seller, buyer, listingId } = await world();
    const document = await uploadDocument(seller.browser, listingId, await pdf(2));
    const first = new URL((await buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id }))).url);
    const second = new URL((await buyer.browser.call((c) => c.dataRoom.download({ documentId: document.id }))).url);
    expect(second.pathname).toBe(first.pathname);
    const sellers = new URL((await seller.browser.call((c) => c.dataRoom.download({ documentId: document.id }))).url);
    expect(sellers.pathname).not.toBe(first.pathname);
    expect(await h.documents.list(`stamped/${buyer.userId}/`, 10)).toHaveLength(1);
    // Every download is still logged for the seller.
    expect(await seller.browser.call((c) => c.dataRoom.downloads({ listingId }))).toHaveLength(3);
  }, 60_000);
});
