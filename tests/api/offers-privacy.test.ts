import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { deleteEndedOfferRecords } from '@bedriftstorget/api/offers/records';
import { db, signedInUser, type Harness } from './harness';
import { insertOffer } from './offer-helpers';
import { harness } from './seller-helpers';
import { unlabelledKeys } from './export-summary-words';

/** 'Last ned mine data' and 'Slett konto' cover offers and LOIs (decision 122). */
let h: Harness;
beforeAll(() => {
  h = harness();
});

describe('offers in the export and the deletion', () => {
  it('the export has both sides’ threads with their timelines', async () => {
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    const offerId = await insertOffer(seller.userId, buyer.userId, { message: 'Mitt bud' });
    const data = await buyer.browser.call((c) => c.profile.exportData());
    expect(unlabelledKeys(data), 'fields oversikt.html has no words for').toEqual([]);
    expect(data.offersMade).toMatchObject([{ id: offerId, message: 'Mitt bud', events: [{ kind: 'offer' }] }]);
    expect((await seller.browser.call((c) => c.profile.exportData())).offersReceived).toMatchObject([{ id: offerId }]);
  });

  it('a buyer’s deletion takes the offers that never became a deal; an accepted one stays for the seller with its LOI, two years', async () => {
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    const open = await insertOffer(seller.userId, buyer.userId, { message: 'Åpent bud' });
    const accepted = await insertOffer(seller.userId, buyer.userId, { status: 'accepted', message: 'Akseptert bud' });
    await buyer.browser.call((c) => c.profile.deleteAccount({ password: buyer.password }));
    expect(await db.select().from(offers).where(eq(offers.id, open))).toEqual([]);
    const [kept] = await db.select().from(offers).where(eq(offers.id, accepted));
    expect(kept).toMatchObject({ status: 'accepted', message: null, buyerName: 'Kari Kjøper' });
    const years = (kept!.keptUntil!.getTime() - Date.now()) / (365 * 86_400_000);
    expect(years).toBeGreaterThan(1.9);
    const [thread] = await seller.browser.call((c) => c.offer.forSeller({}));
    expect(thread).toMatchObject({ id: accepted, hasLoi: true, counterpartName: null });
    expect((await seller.browser.call((c) => c.offer.loi({ offerId: accepted }))).url).toMatch(/^http/);
    await deleteEndedOfferRecords(h, new Date(kept!.keptUntil!.getTime() + 1000));
    expect(await db.select().from(offers).where(eq(offers.id, accepted))).toEqual([]);
  });
});
