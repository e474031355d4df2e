import { offerEvents, offers, type OfferStatus } from '@bedriftstorget/core/offer/offer.sql';
import { createListing } from './fixtures';
import { db } from './harness';

/** Valid terms for 'Gi bud' and 'Motbud'. */
export const TERMS = { price: 2_500_000, dealType: 'shares', financing: ['equity', 'loan'], conditions: ['due_diligence'], days: 14 } as const;

/**
 * A thread written straight to the database (for suites that need many): a standing bid from the
 * buyer that waits for the seller unless told otherwise, on a fresh active listing of the seller's.
 */
export async function insertOffer(sellerId: string, buyerId: string, options: { listingId?: string; status?: OfferStatus; turn?: 'buyer' | 'seller'; expiresAt?: Date; message?: string } = {}): Promise<string> {
  const listingId = options.listingId ?? (await createListing(sellerId, { status: 'active' }));
  const id = crypto.randomUUID();
  const now = new Date();
  const status = options.status ?? 'standing';
  const terms = { price: TERMS.price, dealType: TERMS.dealType, financing: [...TERMS.financing], conditions: [...TERMS.conditions], takeoverDate: null, expiresAt: options.expiresAt ?? new Date(now.getTime() + 14 * 86_400_000), message: options.message ?? null };
  await db.insert(offers).values({
    id, listingId, buyerId, sellerId, status, turn: options.turn ?? 'seller', standingBuyerId: status === 'standing' ? buyerId : null, ...terms,
    listingTitle: 'Testbedrift', acceptedAt: status === 'accepted' ? now : null, buyerName: 'Kari Kjøper', sellerName: 'Eva Eier', companyName: 'Testbedrift AS', createdAt: now, updatedAt: now,
  });
  await db.insert(offerEvents).values({ offerId: id, kind: 'offer', actor: 'buyer', ...terms, createdAt: now });
  return id;
}
