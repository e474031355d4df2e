import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offerEvents, offers } from '@bedriftstorget/core/offer/offer.sql';
import type { Database } from '../db/client';
import { sellerDisplay } from '../identity/seller-display';
import { isVerifiedBuyer, partyPeople } from './parties';
import { sellerKnownSql } from './seller-known';

/** A person's threads are a handful; the list is capped so a pathological account still answers quickly. */
const MAX_THREADS = 200;

type Role = 'buyer' | 'seller';

/**
 * The caller's threads as buyer (/mine-bud) or seller (/mine-annonser → 'Bud'), newest first, each
 * with its timeline oldest first and the other party's name (a deleted account's as recorded at the
 * acceptance, else null: 'Slettet bruker'). A thread kept for the other party after an account's
 * deletion (decision 122) is shown to that party only. To the buyer the seller is who the one rule
 * says (`sellerDisplay`, decisions 099 and 127): on a confidential sale, 'Konfidensiell selger' with
 * the Vipps mark only unless the seller lets the buyer in now — and then no LOI, which names them.
 */
export async function offerThreads(db: Database, userId: string, role: Role, listingId?: string) {
  const mine = role === 'buyer' ? eq(offers.buyerId, userId) : eq(offers.sellerId, userId);
  const rows = await db
    .select({ row: offers, confidential: listings.confidential, known: sellerKnownSql.mapWith(Number) })
    .from(offers)
    .leftJoin(listings, eq(listings.id, offers.listingId))
    .where(and(mine, listingId ? eq(offers.listingId, listingId) : undefined))
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(MAX_THREADS);
  if (rows.length === 0) return [];
  const ids = rows.map(({ row }) => row.id);
  const [events, people] = await Promise.all([
    db.select().from(offerEvents).where(inArray(offerEvents.offerId, ids)).orderBy(asc(offerEvents.createdAt), asc(offerEvents.id)),
    partyPeople(db, rows.map(({ row }) => (role === 'buyer' ? row.sellerId : row.buyerId))),
  ]);
  const verified = new Map(await Promise.all([...new Set(rows.flatMap(({ row }) => [row.buyerId, row.sellerId]))].map(async (id) => [id, await isVerifiedBuyer(db, id)] as const)));
  return rows.map(({ row, confidential, known }) => {
    const counterpartId = role === 'buyer' ? row.sellerId : row.buyerId;
    const recorded = role === 'buyer' ? row.sellerName : row.buyerName;
    const person = people.get(counterpartId) ?? null;
    const named = person?.name ?? (row.keptUntil ? null : recorded) ?? null;
    // The seller as this buyer may know them now; the seller's own view names the buyer.
    const seller = role === 'buyer'
      ? sellerDisplay({ confidential: confidential ?? row.sellerHidden }, known === 1 ? 'granted' : 'other', person && { ...person, vippsVerified: verified.get(row.sellerId) ?? false })
      : null;
    return {
      id: row.id,
      role,
      listingId: row.listingId,
      listingTitle: row.listingTitle,
      status: row.status,
      turn: row.turn,
      yourTurn: row.status === 'standing' && row.turn === role,
      counterpartName: seller?.anonymous ? seller.name : named,
      /** The other party's 'Verifisert med Vipps' — on a confidential sale the seller's mark, never their name. */
      counterpartVerified: seller ? seller.verified : (verified.get(row.buyerId) ?? false),
      buyerVerified: verified.get(row.buyerId) ?? false,
      price: row.price,
      dealType: row.dealType,
      financing: row.financing,
      conditions: row.conditions,
      takeoverDate: row.takeoverDate,
      expiresAt: row.expiresAt.toISOString(),
      message: row.message,
      declineReason: row.declineReason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      hasLoi: row.status === 'accepted' && !seller?.anonymous,
      events: events
        .filter((event) => event.offerId === row.id)
        .map((event) => ({
          id: event.id,
          kind: event.kind,
          actor: event.actor,
          price: event.price,
          dealType: event.dealType,
          financing: event.financing,
          conditions: event.conditions,
          takeoverDate: event.takeoverDate,
          expiresAt: event.expiresAt?.toISOString() ?? null,
          message: event.message,
          reason: event.reason,
          createdAt: event.createdAt.toISOString(),
        })),
    };
  });
}
export type OfferThread = Awaited<ReturnType<typeof offerThreads>>[number];

/** Staff's view in the listing's admin page: how many offers and in which state — no terms' messages, no names. */
export async function offersForStaff(db: Database, listingId: string) {
  const rows = await db
    .select({ id: offers.id, status: offers.status, price: offers.price, createdAt: offers.createdAt, updatedAt: offers.updatedAt })
    .from(offers)
    .where(eq(offers.listingId, listingId))
    .orderBy(desc(offers.createdAt))
    .limit(MAX_THREADS);
  const counts = { standing: 0, accepted: 0, declined: 0, withdrawn: 0, expired: 0, closed: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { total: rows.length, counts, items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })) };
}

/** Whether the user has a standing offer on the listing: the listing page shows it instead of 'Gi bud'. */
export async function standingOfferId(db: Database, userId: string, listingId: string): Promise<string | null> {
  const [row] = await db.select({ id: offers.id }).from(offers).where(and(eq(offers.listingId, listingId), eq(offers.standingBuyerId, userId)));
  return row?.id ?? null;
}
