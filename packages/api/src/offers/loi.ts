import { TRPCError } from '@trpc/server';
import { and, eq, isNull, or } from 'drizzle-orm';
import { DOCUMENT_CONTENT_TYPE, DOWNLOAD_LINK_SECONDS, LOI_PREFIX } from '@bedriftstorget/core/data-room/limits';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { loiTexts, offerThread, offerTexts as texts } from '@bedriftstorget/core/texts/offers';
import type { Services } from '../context';
import { affectedRows } from '../db/client';
import type { SignedInContext } from '../message/send';
import { buildLoiPdf } from './loi-pdf';
import { sellerDisplay } from '../identity/seller-display';
import { isVerifiedBuyer } from './parties';
import { sellerKnownSql } from './seller-known';

/**
 * Writes the accepted offer's Intensjonsavtale into the private documents bucket (decision 123) and
 * records its key once: a second writer at the same time deletes its own copy and uses the first.
 */
export async function writeLoi(services: Pick<Services, 'db' | 'documents'>, offerId: string): Promise<string> {
  const [offer] = await services.db.select().from(offers).where(and(eq(offers.id, offerId), eq(offers.status, 'accepted')));
  if (!offer?.acceptedAt) throw new TRPCError({ code: 'NOT_FOUND', message: texts.loiMissing });
  if (offer.loiKey) return offer.loiKey;
  const bytes = await buildLoiPdf({
    sellerName: offer.sellerName ?? offerThread.deletedParty,
    buyerName: offer.buyerName ?? offerThread.deletedParty,
    buyerVerified: await isVerifiedBuyer(services.db, offer.buyerId),
    companyName: offer.companyName ?? offer.listingTitle,
    orgnr: offer.orgnr,
    price: offer.price,
    dealType: offer.dealType,
    financing: offer.financing,
    conditions: offer.conditions,
    takeoverDate: offer.takeoverDate,
    acceptedAt: offer.acceptedAt,
  });
  const key = `${LOI_PREFIX}${crypto.randomUUID()}.pdf`;
  await services.documents.put(key, bytes, DOCUMENT_CONTENT_TYPE, { cacheControl: 'private, no-store' });
  const stored = await services.db.update(offers).set({ loiKey: key }).where(and(eq(offers.id, offerId), isNull(offers.loiKey)));
  if (affectedRows(stored) === 1) return key;
  await services.documents.delete(key);
  const [first] = await services.db.select({ loiKey: offers.loiKey }).from(offers).where(eq(offers.id, offerId));
  return first!.loiKey!;
}

/**
 * 'Last ned intensjonsavtale': the buyer and the seller of an accepted offer only (not staff, not
 * anyone with the link's offer id), as a GET link valid five minutes. The other party keeps it after
 * an account's deletion (decision 122).
 */
export async function downloadLoi(ctx: SignedInContext, offerId: string, now = new Date()): Promise<{ url: string; expiresAt: Date }> {
  const [offer] = await ctx.db
    .select({ id: offers.id, status: offers.status, listingTitle: offers.listingTitle, buyerId: offers.buyerId, sellerHidden: offers.sellerHidden, confidential: listings.confidential, known: sellerKnownSql.mapWith(Number) })
    .from(offers)
    .leftJoin(listings, eq(listings.id, offers.listingId))
    .where(and(eq(offers.id, offerId), or(eq(offers.buyerId, ctx.user.id), eq(offers.sellerId, ctx.user.id))));
  if (!offer) throw new TRPCError({ code: 'NOT_FOUND', message: texts.notFound });
  if (offer.status !== 'accepted') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.loiMissing });
  // The LOI names the seller: a buyer the confidential seller does not let in now gets no copy (decision 127).
  const hidden = sellerDisplay({ confidential: offer.confidential ?? offer.sellerHidden }, offer.known === 1 ? 'granted' : 'other', null).anonymous;
  if (offer.buyerId === ctx.user.id && hidden) throw new TRPCError({ code: 'FORBIDDEN', message: texts.loiHidden });
  const key = await writeLoi(ctx, offer.id).catch((error: unknown) => {
    if (error instanceof TRPCError) throw error;
    console.error('could not write the LOI', offer.id, error);
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: texts.loiFailed });
  });
  const url = await ctx.documents.presignGet(key, DOWNLOAD_LINK_SECONDS, loiTexts.fileName(offer.listingTitle));
  return { url, expiresAt: new Date(now.getTime() + DOWNLOAD_LINK_SECONDS * 1000) };
}
