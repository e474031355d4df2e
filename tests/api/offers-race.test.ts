import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import { answerOffer } from '@bedriftstorget/api/offers/answer';
import { expireOffers } from '@bedriftstorget/api/offers/expiry';
import type { SignedInContext } from '@bedriftstorget/api/message/send';
import { db, signedInUser, type Harness } from './harness';
import { insertOffer } from './offer-helpers';
import { harness } from './seller-helpers';

/**
 * Accept vs withdraw vs expire on one standing offer, decided in the database (decision 121): run at
 * once, exactly one of them changes the offer and the others are refused; the timeline has one ending.
 */
let h: Harness;
beforeAll(() => {
  h = harness();
});

describe('accept, withdraw and expire racing', () => {
  it('end in exactly one outcome, round after round', async () => {
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    const sellerCtx = (await seller.browser.context()) as SignedInContext;
    const buyerCtx = (await buyer.browser.context()) as SignedInContext;
    const winners = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      const deadline = new Date(Date.now() + 60_000);
      const offerId = await insertOffer(seller.userId, buyer.userId, { expiresAt: deadline });
      // The accept and the withdrawal act before the deadline, the job's clock is past it: each alone would win.
      const before = new Date(deadline.getTime() - 1000);
      const after = new Date(deadline.getTime() + 1000);
      const attempts = await Promise.allSettled([
        answerOffer(sellerCtx, offerId, { kind: 'accept' }, before),
        answerOffer(buyerCtx, offerId, { kind: 'withdraw' }, before),
        expireOffers(h, after).then((result) => {
          if (result.expired === 0) throw new Error('nothing expired');
          return result;
        }),
      ]);
      const won = attempts.map((attempt, i) => (attempt.status === 'fulfilled' ? ['accepted', 'withdrawn', 'expired'][i]! : null)).filter(Boolean);
      const [offer] = await db.select({ status: offers.status }).from(offers).where(eq(offers.id, offerId));
      const endings = await db.select({ kind: offerEvents.kind }).from(offerEvents).where(eq(offerEvents.offerId, offerId));
      expect(won).toHaveLength(1);
      expect(offer!.status).toBe(won[0]);
      expect(endings.filter((event) => event.kind !== 'offer')).toHaveLength(1);
      winners.add(won[0]!);
    }
    // Not a proof of fairness, only that the test can see more than one winner over the rounds.
    expect(winners.size).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
