import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import type { Database } from '@bedriftstorget/api/db/client';

const DAY_MS = 86_400_000;

/**
 * 'Gi bud' on a fresh install: the demo buyer's standing offer on the demo seller's first
 * active listing that is not confidential, made yesterday and waiting for the seller, so
 * /mine-annonser shows 'Bud' with 'Aksepter', 'Avslå' and 'Motbud' at once, and /mine-bud shows it to
 * the buyer.
 */
export async function seedDemoOffer(db: Database, listing: { id: string; title: string; price: number | null } | undefined, sellerId: string, buyerId: string, now: Date): Promise<void> {
  if (!listing) return;
  const at = new Date(now.getTime() - DAY_MS);
  const id = crypto.randomUUID();
  const terms = {
    // A round tenth under the asking price, as a first bid usually is.
    price: Math.max(10_000, Math.round(((listing.price ?? 1_000_000) * 0.9) / 10_000) * 10_000),
    dealType: 'shares' as const,
    financing: ['equity' as const, 'loan' as const],
    conditions: ['due_diligence' as const, 'financing' as const],
    takeoverDate: null,
    expiresAt: new Date(at.getTime() + 14 * DAY_MS),
    message: 'Hei! Vi har lest regnskapet og vil gjerne overta virksomheten med dagens ansatte. Budet forutsetter gjennomgang av avtalene.',
  };
  await db.insert(offers).values({ id, listingId: listing.id, buyerId, sellerId, status: 'standing', turn: 'seller', standingBuyerId: buyerId, ...terms, listingTitle: listing.title, createdAt: at, updatedAt: at });
  await db.insert(offerEvents).values({ offerId: id, kind: 'offer', actor: 'buyer', ...terms, createdAt: at });
}
