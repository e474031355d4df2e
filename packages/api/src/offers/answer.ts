import { TRPCError } from '@trpc/server';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offerEvents, offers, type OfferStatus } from '@bedriftstorget/core/offer/offer.sql';
import type { OfferTerms } from '@bedriftstorget/core/offer/schemas';
import { offerTexts as texts } from '@bedriftstorget/core/texts/offers';
import type { Tx } from '../admin/log';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { deliverNow } from '../mail/deliver';
import { enqueueMails, type QueuedMail } from '../mail/outbox';
import { emailOf } from '../message/notify';
import type { SignedInContext } from '../message/send';
import { writeLoi } from './loi';
import { offerStepMail, publishOffersChanged } from './notify';
import { partyNames } from './parties';
import { storedTerms } from './terms';

export type OfferAnswer = { kind: 'accept' } | { kind: 'decline'; reason: string | null } | { kind: 'counter'; terms: OfferTerms } | { kind: 'withdraw' };

const TARGET: Record<OfferAnswer['kind'], OfferStatus> = { accept: 'accepted', decline: 'declined', counter: 'standing', withdraw: 'withdrawn' };

/**
 * An acceptance locks the listing's row before the offer's — the order every offer transaction keeps
 * (listing, then offer; decision 128), so a sale closing the listing's offers and an acceptance never
 * wait for each other in turn. The listing is read through the offer, unlocked, to know which row.
 */
async function lockListingOf(tx: Tx, offerId: string) {
  const [peek] = await tx.select({ listingId: offers.listingId }).from(offers).where(eq(offers.id, offerId));
  if (!peek?.listingId) return null;
  const [listing] = await tx
    .select({ id: listings.id, status: listings.status, underOfferAt: listings.underOfferAt, orgnr: listings.orgnr, title: listings.title, companyName: companyRegistry.name })
    .from(listings)
    .leftJoin(companyRegistry, eq(companyRegistry.orgnr, listings.orgnr))
    .where(eq(listings.id, peek.listingId))
    .for('update');
  return listing ?? null;
}

/** The listing is for sale and has no other accepted deal while it is 'Under bud'. */
async function checkListingForAccept(tx: Tx, listing: Awaited<ReturnType<typeof lockListingOf>>, listingId: string | null, offerId: string) {
  if (!listingId || listing?.id !== listingId) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notForSale });
  if (listing.status !== 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notForSale });
  if (listing.underOfferAt) {
    const [other] = await tx.select({ id: offers.id }).from(offers).where(and(eq(offers.listingId, listingId), eq(offers.status, 'accepted'), ne(offers.id, offerId), isNull(offers.keptUntil))).limit(1);
    if (other) throw new TRPCError({ code: 'CONFLICT', message: texts.anotherAccepted });
  }
  return listing;
}

/**
 * 'Aksepter', 'Avslå', 'Motbud' and 'Trekk budet', decided in the database (decision 121): the
 * thread's row is locked (SELECT … FOR UPDATE) while its state is checked and changed, so an accept,
 * a withdrawal and the scheduled expiry racing for one standing offer end in exactly one outcome.
 * Only the party whose answer is awaited may accept, decline or counter; either may withdraw. An
 * acceptance locks the listing first (`lockListingOf`), as the sale that closes its offers does.
 * `now` is the caller's clock, passed in by tests that race the expiry.
 */
export async function answerOffer(ctx: SignedInContext, offerId: string, answer: OfferAnswer, now = new Date()): Promise<{ status: OfferStatus }> {
  if (answer.kind === 'counter') await enforceLimit(ctx, RATE_LIMITS.offersPerUser);
  const target = TARGET[answer.kind];
  const done = await ctx.db.transaction(async (tx) => {
    const locked = answer.kind === 'accept' ? await lockListingOf(tx, offerId) : null;
    const [offer] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.id, offerId), or(eq(offers.buyerId, ctx.user.id), eq(offers.sellerId, ctx.user.id)), isNull(offers.keptUntil)))
      .for('update');
    if (!offer) throw new TRPCError({ code: 'NOT_FOUND', message: texts.notFound });
    const party = offer.sellerId === ctx.user.id ? 'seller' : 'buyer';
    // A double click: the first one did it, the second changes and sends nothing.
    if (offer.status === target && answer.kind !== 'counter') return null;
    if (offer.status !== 'standing') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notStanding });
    if (answer.kind !== 'withdraw' && offer.turn !== party) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notYourTurn });
    if (offer.expiresAt.getTime() <= now.getTime()) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.expired });
    const other = party === 'seller' ? 'buyer' : 'seller';
    const base = { updatedAt: now };
    let accepted: { title: string } | null = null;
    if (answer.kind === 'counter') {
      const terms = storedTerms(answer.terms, now);
      await tx.update(offers).set({ ...base, ...terms, turn: other }).where(eq(offers.id, offer.id));
      await tx.insert(offerEvents).values({ offerId: offer.id, kind: 'counter', actor: party, ...terms, createdAt: now });
    } else if (answer.kind === 'accept') {
      const listing = await checkListingForAccept(tx, locked, offer.listingId, offer.id);
      const names = await partyNames(tx, [offer.buyerId, offer.sellerId]);
      await tx
        .update(listings)
        .set({ underOfferAt: sql`COALESCE(${listings.underOfferAt}, ${now})`, updatedAt: sql`${listings.updatedAt}` })
        .where(eq(listings.id, offer.listingId!));
      await tx
        .update(offers)
        .set({
          ...base, status: 'accepted', standingBuyerId: null, acceptedAt: now, closedAt: now,
          companyName: (listing.companyName ?? listing.title).slice(0, 255), orgnr: listing.orgnr,
          buyerName: names.get(offer.buyerId) ?? null, sellerName: names.get(offer.sellerId) ?? null,
        })
        .where(eq(offers.id, offer.id));
      await tx.insert(offerEvents).values({ offerId: offer.id, kind: 'accepted', actor: party, createdAt: now });
      accepted = { title: listing.title };
    } else {
      const reason = answer.kind === 'decline' ? answer.reason : null;
      await tx.update(offers).set({ ...base, status: target, standingBuyerId: null, closedAt: now, declineReason: reason }).where(eq(offers.id, offer.id));
      await tx.insert(offerEvents).values({ offerId: offer.id, kind: answer.kind === 'decline' ? 'declined' : 'withdrawn', actor: party, reason, createdAt: now });
    }
    const step = answer.kind === 'accept' ? 'accepted' : answer.kind === 'decline' ? 'declined' : answer.kind === 'withdraw' ? 'withdrawn' : 'counter';
    const price = answer.kind === 'counter' ? answer.terms.price : offer.price;
    const reason = answer.kind === 'decline' ? answer.reason : null;
    // The other party is told; an acceptance tells both, as both download the LOI.
    const toParties: ('buyer' | 'seller')[] = answer.kind === 'accept' ? ['buyer', 'seller'] : [other];
    const mails: QueuedMail[] = [];
    for (const to of toParties) {
      const address = await emailOf(tx, to === 'seller' ? offer.sellerId : offer.buyerId);
      if (address) mails.push(offerStepMail(ctx.config.appUrl, address, to, step, accepted?.title ?? offer.listingTitle, price, reason));
    }
    const mailIds = await enqueueMails(tx, mails, now);
    return { offer, mailIds };
  });
  if (!done) return { status: target };
  if (answer.kind === 'accept') {
    // Written once now; a failure here leaves the download to write it (loi.ts), never the acceptance undone.
    await writeLoi(ctx, offerId).catch((error: unknown) => console.error('could not write the LOI', offerId, error));
  }
  await Promise.all([deliverNow(ctx, done.mailIds), publishOffersChanged(ctx, done.offer.buyerId, done.offer.sellerId)]);
  return { status: target };
}
