import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import type { MakeOfferInput } from '@bedriftstorget/core/offer/schemas';
import { offerTexts as texts } from '@bedriftstorget/core/texts/offers';
import { isGranted } from '../access/has-access';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { isDuplicateKey } from '../db/errors';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { emailOf } from '../message/notify';
import type { SignedInContext } from '../message/send';
import { offerStepMail, publishOffersChanged } from './notify';
import { storedTerms } from './terms';

/**
 * A listing that takes offers: public and for sale ('Under bud' or not); not pending,
 * sold, inactive or any other state; not the caller's own; a confidential one only once its seller
 * let the caller in (decision 096). A listing that is not public is 'not found', as everywhere else.
 */
async function offerableListing(ctx: SignedInContext, listingId: string) {
  const [row] = await ctx.db
    .select({ id: listings.id, ownerId: listings.ownerId, title: listings.title, status: listings.status, isPublic: listings.isPublic, confidential: listings.confidential })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row?.isPublic) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  if (row.ownerId === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.ownListing });
  if (row.status !== 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notForSale });
  if (row.confidential && !(await isGranted(ctx.db, row.id, ctx.user.id))) throw new TRPCError({ code: 'FORBIDDEN', message: texts.needsAccess });
  return row;
}

/**
 * 'Gi bud': the thread with its first bid, the timeline's first event and the seller's mail, in one
 * transaction. One standing offer per buyer and listing, held by the unique key on
 * (listing_id, standing_buyer_id): two tabs sending at once leave one row.
 */
export async function makeOffer(ctx: SignedInContext, input: MakeOfferInput): Promise<{ offerId: string }> {
  const listing = await offerableListing(ctx, input.listingId);
  const [standing] = await ctx.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.listingId, listing.id), eq(offers.standingBuyerId, ctx.user.id)));
  if (standing) throw new TRPCError({ code: 'CONFLICT', message: texts.alreadyStanding });
  await enforceLimit(ctx, RATE_LIMITS.offersPerUser);
  const now = new Date();
  const terms = storedTerms(input, now);
  const offerId = crypto.randomUUID();
  let mailId: string | null;
  try {
    mailId = await ctx.db.transaction(async (tx) => {
      // Checked again with the listing's row locked (decision 128; FOR UPDATE: MariaDB has no FOR SHARE): a sale, a deactivation or a
      // withdrawn access that commits first is seen here; one that commits after closes this offer.
      const [current] = await tx.select({ status: listings.status }).from(listings).where(eq(listings.id, listing.id)).for('update');
      if (current?.status !== 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notForSale });
      if (listing.confidential && !(await isGranted(tx, listing.id, ctx.user.id))) throw new TRPCError({ code: 'FORBIDDEN', message: texts.needsAccess });
      await tx.insert(offers).values({
        id: offerId,
        listingId: listing.id,
        buyerId: ctx.user.id,
        sellerId: listing.ownerId,
        status: 'standing',
        turn: 'seller',
        standingBuyerId: ctx.user.id,
        ...terms,
        listingTitle: listing.title.slice(0, 255),
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(offerEvents).values({ offerId, kind: 'offer', actor: 'buyer', ...terms, createdAt: now });
      const to = await emailOf(tx, listing.ownerId);
      return to ? enqueueMail(tx, offerStepMail(ctx.config.appUrl, to, 'seller', 'offer', listing.title, terms.price), now) : null;
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw new TRPCError({ code: 'CONFLICT', message: texts.alreadyStanding });
    throw error;
  }
  await Promise.all([deliverNow(ctx, [mailId]), publishOffersChanged(ctx, listing.ownerId, ctx.user.id)]);
  return { offerId };
}
