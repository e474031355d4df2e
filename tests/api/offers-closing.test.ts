import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import { offerClosed, offerTexts } from '@bedriftstorget/core/texts/offers';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { userChannel, type RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { closeOffersOffSale } from '@bedriftstorget/api/offers/close';
import { signedInAdmin } from './admin-helpers';
import { grantAccess } from './data-room-helpers';
import { createListing } from './fixtures';
import { db, signedInUser, type Harness } from './harness';
import { outboxTo } from './mail-helpers';
import { TERMS } from './offer-helpers';
import { harness } from './seller-helpers';

/**
 * A standing offer closes at once when its listing stops being for sale — sold, archived, deactivated,
 * expired — or when the seller withdraws the buyer's access to a confidential sale (decision 128): a
 * state of its own ('Lukket') with the reason, the buyer's mail and a live event, decided in the database.
 */
let h: Harness;
type User = Awaited<ReturnType<typeof signedInUser>>;
let seller: User;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  h = harness();
  [seller, admin] = await Promise.all([signedInUser(h), signedInAdmin(h)]);
});

const terms = () => ({ ...TERMS, financing: [...TERMS.financing], conditions: [...TERMS.conditions] });
const offer = async (listingId: string) => {
  const buyer = await signedInUser(h);
  const { offerId } = await buyer.browser.call((c) => c.offer.make({ listingId, ...terms() }));
  return { buyer, offerId };
};
const row = async (id: string) => (await db.select().from(offers).where(eq(offers.id, id)))[0]!;
const kinds = async (id: string) => (await db.select({ kind: offerEvents.kind }).from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(offerEvents.createdAt)).map((event) => event.kind);
const refusal = (call: Promise<unknown>) => call.then(() => ({ code: 'OK', message: '' }), (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
const activeListing = (overrides: Parameters<typeof createListing>[1] = {}) => createListing(seller.userId, { status: 'active', title: 'Sykkelverksted', ...overrides });

describe('closing standing offers', () => {
  it('Marker som solgt closes every standing offer at once: Lukket with the reason, a mail and a live event to the buyer; accepting after is refused', async () => {
    const listingId = await activeListing();
    const [first, second] = [await offer(listingId), await offer(listingId)];
    const events: RealtimeEvent[] = [];
    h.realtime.subscribe(userChannel(first.buyer.userId), (event) => events.push(event));
    await seller.browser.call((c) => c.seller.markSold({ id: listingId, soldPrice: 2_400_000 }));
    for (const { offerId } of [first, second]) {
      expect(await row(offerId)).toMatchObject({ status: 'closed', standingBuyerId: null, declineReason: offerClosed.sold });
      expect(await kinds(offerId)).toEqual(['offer', 'closed']);
    }
    expect((await outboxTo(first.buyer.email)).map((mail) => mail.subject)).toContain('Budet på «Sykkelverksted» er lukket');
    expect(events.map((event) => event.type)).toContain('offers.changed');
    const [thread] = await first.buyer.browser.call((c) => c.offer.mine({ listingId }));
    expect(thread).toMatchObject({ status: 'closed', yourTurn: false, declineReason: offerClosed.sold });
    expect(await refusal(seller.browser.call((c) => c.offer.accept({ offerId: first.offerId })))).toEqual({ code: 'BAD_REQUEST', message: offerTexts.notStanding });
  });

  it('staff archiving, a bulk sale and a deactivation after a report close them too; an accepted offer stays accepted', async () => {
    const [archived, bulkSold, deactivated] = await Promise.all([activeListing(), activeListing(), activeListing()]);
    const [a, b, c] = [await offer(archived), await offer(bulkSold), await offer(deactivated)];
    const accepted = await offer(bulkSold);
    await seller.browser.call((x) => x.offer.accept({ offerId: accepted.offerId }));
    await admin.browser.call((x) => x.admin.listings.update({ id: archived, patch: { status: 'archived' } }));
    await admin.browser.call((x) => x.admin.listings.bulk({ ids: [bulkSold], action: 'sold' }));
    const reporter = await signedInUser(h);
    await reporter.browser.call((x) => x.report.create({ listingId: deactivated, reason: 'fraud', comment: 'Ser ut som svindel.' }));
    const [report] = await db.select({ id: listingReports.id }).from(listingReports).where(eq(listingReports.listingId, deactivated));
    await admin.browser.call((x) => x.admin.reports.deactivate({ id: report!.id, note: 'Annonsen er meldt for svindel.' }));
    expect(await row(a.offerId)).toMatchObject({ status: 'closed', declineReason: offerClosed.offSale });
    expect(await row(b.offerId)).toMatchObject({ status: 'closed', declineReason: offerClosed.sold });
    expect(await row(c.offerId)).toMatchObject({ status: 'closed', declineReason: offerClosed.offSale });
    expect(await row(accepted.offerId)).toMatchObject({ status: 'accepted' });
  });

  it('a listing that expired (or left sale by any other path) has its offers closed by the scheduled job', async () => {
    const listingId = await activeListing();
    const { offerId } = await offer(listingId);
    await db.update(listings).set({ status: 'expired' }).where(eq(listings.id, listingId));
    expect((await closeOffersOffSale(h)).closed).toBeGreaterThanOrEqual(1);
    expect(await row(offerId)).toMatchObject({ status: 'closed', declineReason: offerClosed.offSale });
    expect((await closeOffersOffSale(h)).closed).toBe(0);
  });

  it('withdrawing a buyer’s access to a confidential sale closes that buyer’s offer only; on an open sale it stays', async () => {
    const secret = await activeListing({ confidential: true });
    const open = await activeListing();
    const [buyer, other] = await Promise.all([signedInUser(h), signedInUser(h)]);
    for (const [listingId, buyerId] of [[secret, buyer.userId], [open, buyer.userId], [secret, other.userId]] as const) await grantAccess(listingId, buyerId);
    const requests = await db.select().from(accessRequests).where(eq(accessRequests.buyerId, buyer.userId));
    const mine = await buyer.browser.call((c) => c.offer.make({ listingId: secret, ...terms() }));
    const theirs = await other.browser.call((c) => c.offer.make({ listingId: secret, ...terms() }));
    const onOpen = await buyer.browser.call((c) => c.offer.make({ listingId: open, ...terms() }));
    for (const request of requests) await seller.browser.call((c) => c.access.withdraw({ id: request.id }));
    expect(await row(mine.offerId)).toMatchObject({ status: 'closed', declineReason: offerClosed.access });
    expect(await row(theirs.offerId)).toMatchObject({ status: 'standing' });
    expect(await row(onOpen.offerId)).toMatchObject({ status: 'standing' });
    expect(await refusal(buyer.browser.call((c) => c.offer.make({ listingId: secret, ...terms() })))).toEqual({ code: 'FORBIDDEN', message: offerTexts.needsAccess });
  });
});

describe('decided in the database', () => {
  it('Marker som solgt racing an acceptance: either the deal was accepted first, or the offer is closed and the acceptance refused', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const listingId = await activeListing();
      const { offerId } = await offer(listingId);
      const [sold, accepted] = await Promise.allSettled([
        seller.browser.call((c) => c.seller.markSold({ id: listingId })),
        seller.browser.call((c) => c.offer.accept({ offerId })),
      ]);
      expect(sold.status).toBe('fulfilled');
      const status = (await row(offerId)).status;
      if (accepted.status === 'fulfilled') expect(status).toBe('accepted');
      else expect(status).toBe('closed');
      expect(await db.select().from(offers).where(and(eq(offers.listingId, listingId), eq(offers.status, 'standing')))).toEqual([]);
      outcomes.add(status);
    }
    expect([...outcomes].every((status) => status === 'accepted' || status === 'closed')).toBe(true);
  });

  it('an offer made while the listing is marked sold never stands on the sold listing', async () => {
    for (let round = 0; round < 6; round += 1) {
      const listingId = await activeListing();
      const buyer = await signedInUser(h);
      await Promise.allSettled([
        buyer.browser.call((c) => c.offer.make({ listingId, ...terms() })),
        seller.browser.call((c) => c.seller.markSold({ id: listingId })),
      ]);
      expect(await db.select().from(offers).where(and(eq(offers.listingId, listingId), eq(offers.status, 'standing')))).toEqual([]);
    }
  });
});
