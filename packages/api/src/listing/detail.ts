import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import { SIMILAR_COUNT } from '@bedriftstorget/core/listing/rules';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { isAdmin } from '../trpc';
import { isPublic } from './browse';
import { cardColumns, toCards } from './cards';

export const NOT_FOUND_MESSAGE = 'Fant ikke annonsen';

type ListingRow = typeof listings.$inferSelect;

/**
 * A listing as its page may show it: public ones to everyone, others only to their owner and
 * admins (DESIGN §7). Anything else is "not found", never "forbidden", so ids are not probed.
 */
export async function readableListing(ctx: Context, id: string): Promise<ListingRow> {
  const [row] = await ctx.db.select().from(listings).where(eq(listings.id, id));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  return visible(ctx, row);
}

async function visible(ctx: Pick<Context, 'db' | 'user'>, row: ListingRow): Promise<ListingRow> {
  if (row.isPublic) return row;
  if (ctx.user && (row.ownerId === ctx.user.id || (await isAdmin(ctx.db, ctx.user.id)))) return row;
  throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
}

/**
 * The page's data in three round trips, not five one after another: the listing with its
 * seller's name (one join), then its images and the similar listings (with theirs) in parallel.
 */
export async function listingPage(ctx: Pick<Context, 'db' | 'user'>, id: string) {
  const [found] = await ctx.db
    .select({ row: listings, fullName: profiles.fullName, companyName: profiles.companyName })
    .from(listings)
    .leftJoin(profiles, eq(profiles.id, listings.ownerId))
    .where(eq(listings.id, id));
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  const row = await visible(ctx, found.row);
  const [images, similar] = await Promise.all([
    ctx.db
      .select({ url: listingImages.imageUrl })
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(asc(listingImages.displayOrder), asc(listingImages.createdAt)),
    similarListings(ctx.db, row.id, row.industry),
  ]);
  // The lifecycle's bookkeeping (the renew token's hash above all) never leaves the server.
  const { ownerId, isPublic: _public, reviewAlertedAt: _alerted, updatedAt, publishedAt, createdAt, underOfferAt, expiresAt: _expires, expiryWarnedAt: _warned, renewTokenHash: _token, ...fields } = row;
  const listing = {
    ...fields,
    createdAt: createdAt.toISOString(),
    publishedAt: publishedAt?.toISOString() ?? null,
    updatedAt: updatedAt.toISOString(),
    underOffer: row.status === 'active' && underOfferAt !== null,
    images: images.map((image) => image.url),
    sellerName: found.companyName ?? found.fullName ?? null,
    isOwner: ctx.user?.id === ownerId,
  };
  return { listing, similar };
}

/** Three other active listings of the same industry, newest first. */
export async function similarListings(db: Database, id: string, industry: ListingRow['industry']) {
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(and(isPublic, eq(listings.status, 'active'), eq(listings.industry, industry), ne(listings.id, id)))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(SIMILAR_COUNT);
  return toCards(rows);
}

/** The seller's contact details, for signed-in users only and never in the page's first data. */
export async function sellerContact(ctx: Context, id: string) {
  const row = await readableListing(ctx, id);
  const [seller] = await ctx.db
    .select({ email: users.email, fullName: profiles.fullName, companyName: profiles.companyName, phone: profiles.phone })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, row.ownerId));
  if (!seller) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  return { name: seller.fullName ?? seller.companyName ?? null, email: seller.email, phone: seller.phone ?? null };
}
