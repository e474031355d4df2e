import { formatNok } from '@bedriftstorget/core/format/nb';
import { offerMail } from '@bedriftstorget/core/texts/offers';
import type { Context } from '../context';
import type { QueuedMail } from '../mail/outbox';
import { userChannel } from '../realtime/channels';

/**
 * Both parties' /mine-bud, /mine-annonser and listing page refresh their offers: one event on each
 * person's own channel (the one messages and access requests use), no data in it.
 */
export const OFFERS_CHANGED = 'offers.changed';

export async function publishOffersChanged(ctx: Pick<Context, 'realtime'>, ...userIds: string[]): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => ctx.realtime.publish(userChannel(id), { type: OFFERS_CHANGED })));
}

/** Where each party reads the thread: the seller in /mine-annonser, the buyer in /mine-bud. */
export function offersLink(appUrl: string, party: 'buyer' | 'seller'): string {
  return party === 'seller' ? `${appUrl}/mine-annonser?bud=1` : `${appUrl}/mine-bud`;
}

export type OfferStep = 'offer' | 'counter' | 'accepted' | 'declined' | 'withdrawn' | 'expired';

/** The mail to `party` about a step in the thread on `title`, or null for a step that sends none. */
export function offerStepMail(appUrl: string, to: string, party: 'buyer' | 'seller', step: OfferStep, title: string, price: number, reason: string | null = null): QueuedMail {
  const link = offersLink(appUrl, party);
  const amount = formatNok(price);
  const mail = (subject: string, text: string): QueuedMail => ({ kind: 'offer', to, subject, text, links: [link] });
  switch (step) {
    case 'offer':
      return mail(offerMail.newSubject(title), offerMail.newText(title, amount, link));
    case 'counter':
      return mail(offerMail.counterSubject(title), offerMail.counterText(title, amount, link));
    case 'accepted':
      return mail(offerMail.acceptedSubject(title), offerMail.acceptedText(title, amount, link));
    case 'declined':
      return mail(offerMail.declinedSubject(title), offerMail.declinedText(title, reason, link));
    case 'withdrawn':
      return mail(offerMail.withdrawnSubject(title), offerMail.withdrawnText(title, link));
    case 'expired':
      return mail(offerMail.expiredSubject(title), offerMail.expiredText(title, link));
  }
}
