import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import { offerClosed, offerMail } from '@bedriftstorget/core/texts/offers';
import type { Tx } from '../admin/log';
import type { Services } from '../context';
import { deliverNow } from '../mail/deliver';
import { enqueueMails, type QueuedMail } from '../mail/outbox';
import { emailOf } from '../message/notify';
import { offersLink, publishOffersChanged } from './notify';

/** Why a standing offer closed: the key of its reason's text. */
type OfferCloseReason = keyof typeof offerClosed;

/** What a closing did, for after the commit: the mails to send now and whose pages to refresh. */
export interface ClosedOffers {
  count: number;
  mailIds: string[];
  userIds: string[];
}

export const NOTHING_CLOSED: ClosedOffers = { count: 0, mailIds: [], userIds: [] };

/**
 * Closes the standing offers that may no longer stand (decision 128), in the caller's transaction:
 * every standing offer on `listingIds` when those listings stop being for sale (sold, withdrawn,
 * deactivated, expired), or one buyer's on a listing when the seller withdraws the buyer's access.
 * Each row is locked (SELECT … FOR UPDATE) after the caller locked or changed the listing — the
 * order every offer transaction keeps: listing, then offer — so an acceptance racing the sale either
 * committed first (and the offer is no longer standing here) or sees a listing not for sale.
 * The buyer is mailed why; the seller did it, or is told by staff's own mail.
 */
export async function closeStandingOffers(
  tx: Tx,
  appUrl: string,
  target: { listingIds: string[]; buyerId?: string },
  reason: OfferCloseReason,
  now: Date,
): Promise<ClosedOffers> {
  if (target.listingIds.length === 0) return NOTHING_CLOSED;
  const rows = await tx
    .select({ id: offers.id, buyerId: offers.buyerId, sellerId: offers.sellerId, listingTitle: offers.listingTitle })
    .from(offers)
    .where(and(inArray(offers.listingId, target.listingIds), eq(offers.status, 'standing'), target.buyerId ? eq(offers.buyerId, target.buyerId) : undefined))
    .for('update');
  if (rows.length === 0) return NOTHING_CLOSED;
  const why = offerClosed[reason];
  const ids = rows.map((row) => row.id);
  await tx.update(offers).set({ status: 'closed', standingBuyerId: null, closedAt: now, updatedAt: now, declineReason: why }).where(inArray(offers.id, ids));
  await tx.insert(offerEvents).values(ids.map((offerId) => ({ offerId, kind: 'closed' as const, actor: 'system' as const, reason: why, createdAt: now })));
  const mails: QueuedMail[] = [];
  for (const row of rows) {
    const to = await emailOf(tx, row.buyerId);
    const link = offersLink(appUrl, 'buyer');
    if (to) mails.push({ kind: 'offer', to, subject: offerMail.closedSubject(row.listingTitle), text: offerMail.closedText(row.listingTitle, why, link), links: [link] });
  }
  const mailIds = await enqueueMails(tx, mails, now);
  return { count: rows.length, mailIds, userIds: rows.flatMap((row) => [row.buyerId, row.sellerId]) };
}

/** After the commit: the buyers' mails go now (the outbox retries a failure) and both parties' pages refresh. */
export async function announceClosed(services: Pick<Services, 'db' | 'mailer' | 'realtime' | 'config'>, closed: ClosedOffers): Promise<void> {
  if (closed.userIds.length === 0) return;
  await Promise.all([deliverNow(services, closed.mailIds), publishOffersChanged(services, ...closed.userIds)]);
}

/**
 * The scheduled sweep behind every path above: a standing offer whose listing is no longer for
 * sale (a path that changed a status without closing them, or a listing deleted) is closed at the
 * job's next run. Each listing in its own transaction, its row locked first.
 */
export async function closeOffersOffSale(services: Pick<Services, 'db' | 'config' | 'realtime'>, now = new Date()): Promise<{ closed: number }> {
  const due = await services.db
    .selectDistinct({ listingId: offers.listingId, status: listings.status })
    .from(offers)
    .leftJoin(listings, eq(listings.id, offers.listingId))
    .where(and(eq(offers.status, 'standing'), or(isNull(listings.id), ne(listings.status, 'active'))))
    .limit(200);
  let closed = 0;
  for (const { listingId, status } of due) {
    if (!listingId) continue;
    const done = await services.db.transaction(async (tx) => {
      const [listing] = await tx.select({ status: listings.status }).from(listings).where(eq(listings.id, listingId)).for('update');
      if (listing?.status === 'active') return NOTHING_CLOSED;
      return closeStandingOffers(tx, services.config.appUrl, { listingIds: [listingId] }, status === 'sold' ? 'sold' : 'offSale', now);
    });
    closed += done.count;
    // The mails go with the job's outbox step.
    if (done.count) await publishOffersChanged(services, ...done.userIds);
  }
  return { closed };
}
