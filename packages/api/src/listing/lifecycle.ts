import { createHash, randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { LISTING_LIFETIME_DAYS } from '@bedriftstorget/core/listing/enums';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { expiry, underOffer } from '@bedriftstorget/core/texts/lifecycle';
import type { Database } from '../db/client';
import { assertRoomForOne, lockQuota } from '../seller/quota';
import { NOT_FOUND_MESSAGE } from './detail';
import { syncListingTerms } from './search';

const DAY_MS = 86_400_000;

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/**
 * A new 90-day period: set wherever a listing becomes active (approval, 'Sett aktiv', renewal).
 * A renewal also spends the mail's renew token (renewListing): the link works once.
 */
export function freshPeriod(now: Date) {
  return { expiresAt: addDays(now, LISTING_LIFETIME_DAYS), expiryWarnedAt: null };
}

/** The renew link's token: random, stored only as its SHA-256 (like the e-mail tokens). */
export function newRenewToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRenewToken(token) };
}

/** How long the expiry mail's link works, counted from the mail (decision 085). */
export const RENEW_LINK_DAYS = 14;

export function hashRenewToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Renews an active or expired listing for 90 days from now, found by owner and id (/mine-annonser)
 * or by the mail's token (no login). An expired listing coming back takes a place in the quota
 * again, so it passes the same quota check as a new submit (seller/quota.ts). The status change is synced to listing_terms in the same transaction.
 */
export async function renewListing(db: Database, by: { ownerId: string; id: string } | { tokenHash: string }, now = new Date()) {
  const refused = 'tokenHash' in by ? expiry.linkInvalid : NOT_FOUND_MESSAGE;
  const where = 'tokenHash' in by ? eq(listings.renewTokenHash, by.tokenHash) : and(eq(listings.id, by.id), eq(listings.ownerId, by.ownerId));
  const [found] = await db.select({ id: listings.id, ownerId: listings.ownerId }).from(listings).where(where);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: refused });
  return db.transaction(async (tx) => {
    // Profile first, then the listing: the order createListing takes them in, so the two never deadlock.
    const quota = await lockQuota(tx, found.ownerId);
    const [listing] = await tx.select().from(listings).where(and(eq(listings.id, found.id), where)).for('update');
    if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: refused });
    if (listing.status !== 'active' && listing.status !== 'expired') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'tokenHash' in by ? expiry.linkInvalid : expiry.notRenewable });
    }
    // The link works for 14 days from its mail (the token is set with expiry_warned_at, jobs/listing-expiry.ts).
    const linkTooOld = !listing.expiryWarnedAt || listing.expiryWarnedAt.getTime() < addDays(now, -RENEW_LINK_DAYS).getTime();
    if ('tokenHash' in by && linkTooOld) throw new TRPCError({ code: 'BAD_REQUEST', message: expiry.linkInvalid });
    if (listing.status === 'expired') await assertRoomForOne(tx, quota);
    const period = freshPeriod(now);
    // Any renewal spends the mail's link: it works once, and not after a renewal from Mine annonser.
    await tx.update(listings).set({ status: 'active', ...period, renewTokenHash: null }).where(eq(listings.id, listing.id));
    await syncListingTerms(tx, [listing.id]);
    return { id: listing.id, title: listing.title, expiresAt: period.expiresAt.toISOString() };
  });
}

/**
 * 'Marker som under bud' / 'Fjern under bud': the owner's active listings only. A flag, not a
 * status: the listing stays public and searchable, so is_public and listing_terms do not change.
 */
export async function setUnderOffer(db: Database, ownerId: string, id: string, on: boolean, now = new Date()): Promise<{ underOffer: boolean }> {
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ status: listings.status })
      .from(listings)
      .where(and(eq(listings.id, id), eq(listings.ownerId, ownerId)))
      .for('update');
    if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
    if (listing.status !== 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: underOffer.onlyActive });
    // Marking again keeps the first time; updated_at stays, as it dates the listing's content.
    await tx
      .update(listings)
      .set({ underOfferAt: on ? sql`COALESCE(${listings.underOfferAt}, ${now})` : null, updatedAt: sql`${listings.updatedAt}` })
      .where(eq(listings.id, id));
    return { underOffer: on };
  });
}
