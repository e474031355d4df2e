import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { offerTexts as texts } from '@bedriftstorget/core/texts/offers';
import { userChannel, type RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { expireOffers } from '@bedriftstorget/api/offers/expiry';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { db, signedInUser, type Harness } from './harness';
import { outboxTo } from './mail-helpers';
import { TERMS } from './offer-helpers';
import { harness } from './seller-helpers';

/** 'Gi bud': who may offer on what, the answers, the mails and live events, the LOI. */
let h: Harness;
type User = Awaited<ReturnType<typeof signedInUser>>;
let seller: User;
let buyer: User;
let other: User;

const terms = (extra: Record<string, unknown> = {}) => ({ ...TERMS, financing: [...TERMS.financing], conditions: [...TERMS.conditions], ...extra });
const offer = (who: User, listingId: string, extra: Record<string, unknown> = {}) => who.browser.call((c) => c.offer.make({ listingId, ...terms(extra) }));
const refusal = (call: Promise<unknown>) => call.then(() => ({ code: 'OK', message: '' }), (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
const row = async (id: string) => (await db.select().from(offers).where(eq(offers.id, id)))[0]!;
const activeListing = (overrides: Parameters<typeof createListing>[1] = {}) => createListing(seller.userId, { status: 'active', title: 'Bakeri i Bergen', ...overrides });

beforeAll(async () => {
  h = harness();
  [seller, buyer, other] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h)]);
  await db.update(profiles).set({ fullName: 'Kari Kjøper' }).where(eq(profiles.id, buyer.userId));
  await db.update(profiles).set({ fullName: 'Eva Selger' }).where(eq(profiles.id, seller.userId));
});

describe('Gi bud', () => {
  it('stores the thread and its first bid; the seller is mailed and told live; both read it', async () => {
    const listingId = await activeListing();
    const events: RealtimeEvent[] = [];
    const stop = h.realtime.subscribe(userChannel(seller.userId), (event) => events.push(event));
    const { offerId } = await offer(buyer, listingId, { message: '  Vi vil gjerne overta.  ', takeoverDate: '' });
    stop();
    expect(await row(offerId)).toMatchObject({ status: 'standing', turn: 'seller', price: 2_500_000, dealType: 'shares', financing: ['equity', 'loan'], conditions: ['due_diligence'], message: 'Vi vil gjerne overta.', standingBuyerId: buyer.userId });
    expect(events.map((event) => event.type)).toContain('offers.changed');
    const mails = (await outboxTo(seller.email)).filter((mail) => mail.kind === 'offer');
    expect(mails.map((mail) => mail.subject)).toEqual(['Nytt bud på «Bakeri i Bergen»']);
    expect(mails[0]!.body).toMatch(/2\s500\s000\skr/u);
    const [mine] = await buyer.browser.call((c) => c.offer.mine({ listingId }));
    expect(mine).toMatchObject({ id: offerId, status: 'standing', yourTurn: false, counterpartName: 'Eva Selger' });
    const [theirs] = await seller.browser.call((c) => c.offer.forSeller({ listingId }));
    expect(theirs).toMatchObject({ id: offerId, yourTurn: true, counterpartName: 'Kari Kjøper', events: [{ kind: 'offer', actor: 'buyer', price: 2_500_000 }] });
    expect(await other.browser.call((c) => c.offer.forSeller({ listingId }))).toEqual([]);
  });

  it('one standing offer per buyer and listing: a second, or two at once, is refused and stores nothing', async () => {
    const listingId = await activeListing();
    const results = await Promise.all([refusal(offer(buyer, listingId)), refusal(offer(buyer, listingId))]);
    expect(results.filter((r) => r.code === 'OK')).toHaveLength(1);
    expect(results.filter((r) => r.code !== 'OK')).toEqual([{ code: 'CONFLICT', message: texts.alreadyStanding }]);
    expect(await refusal(offer(buyer, listingId))).toEqual({ code: 'CONFLICT', message: texts.alreadyStanding });
    expect(await db.select().from(offers).where(eq(offers.listingId, listingId))).toHaveLength(1);
  });

  it('not on one’s own listing, nor a pending, sold or inactive one; a confidential one only once access is granted', async () => {
    expect(await refusal(offer(seller, await activeListing()))).toEqual({ code: 'BAD_REQUEST', message: texts.ownListing });
    expect(await refusal(offer(buyer, await activeListing({ status: 'sold' })))).toEqual({ code: 'BAD_REQUEST', message: texts.notForSale });
    for (const status of ['pending', 'inactive'] as const) {
      expect((await refusal(offer(buyer, await activeListing({ status })))).code).toBe('NOT_FOUND');
    }
    const confidential = await activeListing({ confidential: true });
    expect(await refusal(offer(buyer, confidential))).toEqual({ code: 'FORBIDDEN', message: texts.needsAccess });
    await db.insert(accessRequests).values({ listingId: confidential, buyerId: buyer.userId, status: 'granted', ndaVersion: nda.version, ndaAcceptedAt: new Date(), ndaAcceptedFrom: '10.0.0.1' });
    expect((await refusal(offer(buyer, confidential))).code).toBe('OK');
  });

  it('refuses amounts out of bounds, an Akseptfrist over 30 days and a takeover in the past, in Norwegian', async () => {
    const listingId = await activeListing();
    const cases: [Record<string, unknown>, string][] = [
      [{ price: 9_999 }, texts.priceTooLow],
      [{ price: 10_000_000_001 }, texts.priceTooHigh],
      [{ price: 1.5 }, texts.priceRequired],
      [{ days: 31 }, texts.daysInvalid],
      [{ days: 0 }, texts.daysInvalid],
      [{ financing: [] }, texts.financingRequired],
      [{ takeoverDate: '2020-01-01' }, texts.takeoverInvalid],
      [{ takeoverDate: '2027-02-30' }, texts.takeoverInvalid],
    ];
    for (const [extra, message] of cases) expect(await refusal(offer(buyer, listingId, extra))).toEqual({ code: 'BAD_REQUEST', message });
    expect(await db.select().from(offers).where(eq(offers.listingId, listingId))).toEqual([]);
  });
});

describe('the answers', () => {
  it('Motbud turns the thread to the buyer, who accepts: the listing is Under bud and both get the LOI, nobody else', async () => {
    const listingId = await activeListing({ title: 'Kafé på hjørnet' });
    const { offerId } = await offer(buyer, listingId);
    expect(await refusal(buyer.browser.call((c) => c.offer.accept({ offerId })))).toEqual({ code: 'BAD_REQUEST', message: texts.notYourTurn });
    await seller.browser.call((c) => c.offer.counter({ offerId, ...terms({ price: 3_000_000, dealType: 'assets', conditions: [] }) }));
    expect(await row(offerId)).toMatchObject({ status: 'standing', turn: 'buyer', price: 3_000_000, dealType: 'assets' });
    expect((await outboxTo(buyer.email)).map((mail) => mail.subject)).toContain('Motbud på «Kafé på hjørnet»');
    expect(await refusal(seller.browser.call((c) => c.offer.accept({ offerId })))).toEqual({ code: 'BAD_REQUEST', message: texts.notYourTurn });
    expect(await buyer.browser.call((c) => c.offer.accept({ offerId }))).toEqual({ status: 'accepted' });
    const [listing] = await db.select({ underOfferAt: listings.underOfferAt }).from(listings).where(eq(listings.id, listingId));
    expect(listing!.underOfferAt).not.toBeNull();
    expect(await row(offerId)).toMatchObject({ status: 'accepted', standingBuyerId: null, buyerName: 'Kari Kjøper', sellerName: 'Eva Selger' });
    const events = await db.select({ kind: offerEvents.kind, actor: offerEvents.actor }).from(offerEvents).where(eq(offerEvents.offerId, offerId)).orderBy(offerEvents.createdAt);
    expect(events).toEqual([{ kind: 'offer', actor: 'buyer' }, { kind: 'counter', actor: 'seller' }, { kind: 'accepted', actor: 'buyer' }]);
    for (const party of [seller, buyer]) expect((await outboxTo(party.email)).map((mail) => mail.subject)).toContain('Budet på «Kafé på hjørnet» er akseptert');

    const { url } = await buyer.browser.call((c) => c.offer.loi({ offerId }));
    const pdf = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await seller.browser.call((c) => c.offer.loi({ offerId }))).url).toMatch(/^http/);
    expect((await refusal(other.browser.call((c) => c.offer.loi({ offerId })))).code).toBe('NOT_FOUND');
    const admin = await signedInAdmin(h);
    expect((await refusal(admin.browser.call((c) => c.offer.loi({ offerId })))).code).toBe('NOT_FOUND');
    expect((await admin.browser.call((c) => c.admin.listings.offers({ id: listingId })))).toMatchObject({ total: 1, counts: { accepted: 1 } });
    expect(JSON.stringify(await admin.browser.call((c) => c.admin.listings.offers({ id: listingId })))).not.toContain('Kari');
  });

  it('a second acceptance on a listing Under bud is refused until the seller removes the mark', async () => {
    const listingId = await activeListing();
    const first = await offer(buyer, listingId);
    const second = await offer(other, listingId);
    await seller.browser.call((c) => c.offer.accept({ offerId: first.offerId }));
    expect(await refusal(seller.browser.call((c) => c.offer.accept({ offerId: second.offerId })))).toEqual({ code: 'CONFLICT', message: texts.anotherAccepted });
    await seller.browser.call((c) => c.seller.setUnderOffer({ id: listingId, underOffer: false }));
    expect(await seller.browser.call((c) => c.offer.accept({ offerId: second.offerId }))).toEqual({ status: 'accepted' });
  });

  it('Avslå with a reason mails it to the buyer; either side may withdraw a standing offer; a closed one stays closed', async () => {
    const listingId = await activeListing({ title: 'Frisør' });
    const { offerId } = await offer(buyer, listingId);
    await seller.browser.call((c) => c.offer.decline({ offerId, reason: 'For lavt.' }));
    expect(await row(offerId)).toMatchObject({ status: 'declined', declineReason: 'For lavt.', standingBuyerId: null });
    expect((await outboxTo(buyer.email)).find((mail) => mail.subject === 'Budet på «Frisør» er avslått')!.body).toContain('For lavt.');
    expect(await refusal(buyer.browser.call((c) => c.offer.withdraw({ offerId })))).toEqual({ code: 'BAD_REQUEST', message: texts.notStanding });
    const again = await offer(buyer, listingId);
    await seller.browser.call((c) => c.offer.withdraw({ offerId: again.offerId }));
    expect(await row(again.offerId)).toMatchObject({ status: 'withdrawn' });
    const third = await offer(buyer, listingId);
    await buyer.browser.call((c) => c.offer.withdraw({ offerId: third.offerId }));
    expect(await row(third.offerId)).toMatchObject({ status: 'withdrawn' });
    expect((await refusal(other.browser.call((c) => c.offer.withdraw({ offerId: third.offerId })))).code).toBe('NOT_FOUND');
  });
});

describe('Akseptfrist', () => {
  it('the scheduled job expires a bid past its deadline, mails both and lets nobody accept it after', async () => {
    const listingId = await activeListing({ title: 'Sykkelverksted' });
    const { offerId } = await offer(buyer, listingId, { days: 1 });
    const later = new Date(Date.now() + 2 * 86_400_000);
    expect((await expireOffers(h, new Date())).expired).toBeGreaterThanOrEqual(0);
    expect((await row(offerId)).status).toBe('standing');
    await expireOffers(h, later);
    expect(await row(offerId)).toMatchObject({ status: 'expired', standingBuyerId: null });
    for (const party of [seller, buyer]) expect((await outboxTo(party.email)).map((mail) => mail.subject)).toContain('Budet på «Sykkelverksted» er utløpt');
    expect(await refusal(seller.browser.call((c) => c.offer.accept({ offerId })))).toEqual({ code: 'BAD_REQUEST', message: texts.notStanding });
    expect((await expireOffers(h, later)).expired).toBe(0);
  });
});

describe('Marker som solgt', () => {
  it('records the final price privately: the owner’s export has it, the public page does not', async () => {
    const listingId = await activeListing();
    await seller.browser.call((c) => c.seller.markSold({ id: listingId, soldPrice: 2_750_000 }));
    const [listing] = await db.select({ status: listings.status, soldPrice: listings.soldPrice }).from(listings).where(eq(listings.id, listingId));
    expect(listing).toEqual({ status: 'sold', soldPrice: 2_750_000 });
    const page = await other.browser.call((c) => c.listing.detail({ id: listingId }));
    expect(JSON.stringify(page)).not.toContain('2750000');
    const another = await activeListing();
    expect((await refusal(seller.browser.call((c) => c.seller.markSold({ id: another, soldPrice: 5 })))).code).toBe('BAD_REQUEST');
  });

  it('the seller’s Statistikk counts offers per listing', async () => {
    const listingId = await activeListing();
    // Buyers of their own: the others have used their hour's offers (the limit is a rule of its own).
    const [first, second] = await Promise.all([signedInUser(h), signedInUser(h)]);
    await offer(first, listingId);
    await offer(second, listingId);
    const stats = await seller.browser.call((c) => c.seller.stats());
    expect(stats.listings.find((entry) => entry.id === listingId)!.offers).toEqual({ total: 2, last30: 2 });
  });
});
