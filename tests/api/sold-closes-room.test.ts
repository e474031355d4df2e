import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasAccess } from '@bedriftstorget/api/access/has-access';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { accessAnswer, accessMail, nda } from '@bedriftstorget/core/texts/access';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

/**
 * Sold closes the room (decision 101): marking a listing sold — or its withdrawal or deactivation —
 * ends every buyer's access to its documents; the seller opens them again for a named buyer.
 */
async function room() {
  const h = createHarness();
  const [seller, first, second, admin] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h), signedInAdmin(h)]);
  const listingId = await createListing(seller.userId, { confidential: true, title: 'Verksted med dokumenter' });
  await db.insert(listingDocuments).values({ listingId, ownerId: seller.userId, status: 'ready', storageKey: `documents/${listingId}/${crypto.randomUUID()}.pdf`, title: 'Årsregnskap 2025', fileName: 'a.pdf', size: 1000, pages: 2 });
  const ids: string[] = [];
  for (const buyer of [first, second]) {
    await buyer.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }));
    const id = (await seller.browser.call((c) => c.access.forSeller())).find((row) => row.listingId === listingId && row.buyerEmail === buyer.email)!.id;
    await seller.browser.call((c) => c.access.grant({ id }));
    ids.push(id);
  }
  const documents = (buyer: typeof first) => buyer.browser.call((c) => c.dataRoom.list({ listingId })).then((list) => list.documents.length, (error: { code: string }) => error.code);
  const mine = (buyer: typeof first) => buyer.browser.call((c) => c.access.mine({ listingId }));
  return { h, seller, first, second, admin, listingId, ids: ids as [string, string], documents, mine };
}

describe('sold closes the data room', () => {
  it('marking it sold ends every buyer’s access; the seller reopens it for one named buyer, who is mailed', async () => {
    const r = await room();
    expect([await r.documents(r.first), await r.documents(r.second)]).toEqual([1, 1]);
    await r.seller.browser.call((c) => c.seller.markSold({ id: r.listingId }));
    expect([await r.documents(r.first), await r.documents(r.second)]).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    expect(await hasAccess(db, r.listingId, r.first.userId)).toBe(false);
    expect(await r.mine(r.first)).toMatchObject({ status: 'granted', documentsOpen: false });
    expect((await r.seller.browser.call((c) => c.access.forSeller())).filter((row) => row.listingId === r.listingId).map((row) => [row.forSale, row.documentsOpen])).toEqual([[false, false], [false, false]]);

    expect(await r.seller.browser.call((c) => c.access.reopen({ id: r.ids[0] }))).toEqual({ reopened: true });
    expect([await r.documents(r.first), await r.documents(r.second)]).toEqual([1, 'NOT_FOUND']);
    expect(await r.mine(r.first)).toMatchObject({ documentsOpen: true });
    expect(r.h.mailer.last(r.first.email).subject).toBe(accessMail.reopenedSubject('Verksted med dokumenter'));
    // A double click changes nothing and mails nothing more.
    const mailed = r.h.mailer.to(r.first.email).length;
    await r.seller.browser.call((c) => c.access.reopen({ id: r.ids[0] }));
    expect(r.h.mailer.to(r.first.email)).toHaveLength(mailed);
  });

  it('withdrawn or deactivated closes it too, and cannot be reopened until it is public; for sale again, the grants open it again', async () => {
    const r = await room();
    await r.admin.browser.call((c) => c.admin.listings.bulk({ ids: [r.listingId], action: 'archive' }));
    expect(await r.documents(r.first)).toBe('NOT_FOUND');
    await expect(r.seller.browser.call((c) => c.access.reopen({ id: r.ids[0] }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: accessAnswer.reopenNotPublic });
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, r.listingId));
    expect([await r.documents(r.first), await r.documents(r.second)]).toEqual([1, 1]);
    await expect(r.seller.browser.call((c) => c.access.reopen({ id: r.ids[0] }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: accessAnswer.reopenForSale });
  });

  it('a grant given after the sale opens the documents to that buyer; a withdrawal ends a reopening', async () => {
    const r = await room();
    await r.seller.browser.call((c) => c.access.withdraw({ id: r.ids[1] }));
    await r.seller.browser.call((c) => c.seller.markSold({ id: r.listingId }));
    await expect(r.seller.browser.call((c) => c.access.reopen({ id: r.ids[1] }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: accessAnswer.reopenNotGranted });
    await r.seller.browser.call((c) => c.access.grant({ id: r.ids[1] }));
    expect([await r.documents(r.first), await r.documents(r.second)]).toEqual(['NOT_FOUND', 1]);
    await r.seller.browser.call((c) => c.access.withdraw({ id: r.ids[1] }));
    expect((await db.select({ reopenedAt: accessRequests.reopenedAt }).from(accessRequests).where(eq(accessRequests.id, r.ids[1])))[0]!.reopenedAt).toBeNull();
    expect(await r.documents(r.second)).toBe('NOT_FOUND');
  });

  it('only the owner reopens: a buyer, another user and a made-up id are not found', async () => {
    const r = await room();
    await r.seller.browser.call((c) => c.seller.markSold({ id: r.listingId }));
    const stranger = await signedInUser(r.h);
    for (const who of [r.first, stranger]) await expect(who.browser.call((c) => c.access.reopen({ id: r.ids[0] }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(r.seller.browser.call((c) => c.access.reopen({ id: crypto.randomUUID() }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await r.documents(r.first)).toBe('NOT_FOUND');
  });
});
