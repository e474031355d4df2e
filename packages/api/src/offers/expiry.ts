import { and, eq, lte } from 'drizzle-orm';
import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import type { Services } from '../context';
import { enqueueMails, type QueuedMail } from '../mail/outbox';
import { emailOf } from '../message/notify';
import { offerStepMail, publishOffersChanged } from './notify';

const BATCH = 200;

/**
 * The scheduled step: a standing bid past its 'Akseptfrist' expires, both parties are
 * mailed and told live. Each offer in its own transaction with its row locked and its state checked
 * again, so an accept or a withdrawal racing it wins or loses as a whole (decision 121); a second
 * run, or two at once, expires nothing twice. The mails go out with the job's outbox step.
 */
export async function expireOffers(services: Services, now = new Date()): Promise<{ expired: number }> {
  const due = await services.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.status, 'standing'), lte(offers.expiresAt, now)))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    const done = await services.db.transaction(async (tx) => {
      const [offer] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
      if (offer?.status !== 'standing' || offer.expiresAt.getTime() > now.getTime()) return null;
      await tx.update(offers).set({ status: 'expired', standingBuyerId: null, closedAt: now, updatedAt: now }).where(eq(offers.id, id));
      await tx.insert(offerEvents).values({ offerId: id, kind: 'expired', actor: 'system', createdAt: now });
      const mails: QueuedMail[] = [];
      for (const party of ['buyer', 'seller'] as const) {
        const to = await emailOf(tx, party === 'buyer' ? offer.buyerId : offer.sellerId);
        if (to) mails.push(offerStepMail(services.config.appUrl, to, party, 'expired', offer.listingTitle, offer.price));
      }
      await enqueueMails(tx, mails, now);
      return offer;
    });
    if (!done) continue;
    expired += 1;
    await publishOffersChanged(services, done.buyerId, done.sellerId);
  }
  return { expired };
}
