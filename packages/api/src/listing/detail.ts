import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/mysql-core';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import { SIMILAR_COUNT } from '@bedriftstorget/core/listing/rules';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { isAdmin } from '../trpc';
import { isPublic } from './browse';
import { cardColumns, toCards } from './cards';
import { pageColumns } from './fields';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { publicCompany } from '../company/views';

export const NOT_FOUND_MESSAGE = detail.notFound;
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

/** What decides who may read a listing; read on the server, never sent. */
const accessColumns = { ownerId: listings.ownerId, isPublic: listings.isPublic };
type Access = { ownerId: string; isPublic: boolean | null };

/**
 * Who may read a listing: public ones everyone, others only their owner and admins. Anything
 * else is "not found", never "forbidden", so ids are not probed.
 */
async function assertReadable(ctx: Pick<Context, 'db' | 'user'>, access: Access): Promise<void> {
  if (access.isPublic) return;
  if (ctx.user && (access.ownerId === ctx.user.id || (await isAdmin(ctx.db, ctx.user.id)))) return;
  throw notFound();
}


/**
 * The public page (`listing.detail`): the same answer for every visitor and user, so it can be
 * cached at the edge (decision 080). A listing that is not public is "not found" here for
 * everyone, its owner and admins too: they read it through `viewerListing`.
 */
export async function listingPage(db: Database, id: string) {
  const found = await readPage(db, id);
  if (!found?.access.isPublic) throw notFound();
  return found.page;
}

/**
 * The caller's own part of a listing page (`listing.viewer`, never cached): whether they own it,
 * and, for a listing that is not public (pending, rejected, …), the whole page when they may read
 * it (its owner or an admin). Anyone else gets "not found" for such a listing, as from detail.
 */
export async function viewerListing(ctx: Pick<Context, 'db' | 'user'>, id: string) {
  const [access] = await ctx.db.select(accessColumns).from(listings).where(eq(listings.id, id));
  if (!access) throw notFound();
  await assertReadable(ctx, access);
  const isOwner = ctx.user?.id === access.ownerId;
  if (access.isPublic) return { isOwner, page: null };
  const found = await readPage(ctx.db, id);
  if (!found) throw notFound();
  return { isOwner, page: found.page };
}

/**
 * The page's data in one round trip of waiting (decision 078): the listing with its seller's name
 * (one join), its images, and the similar listings (their industry read through a join on this
 * listing's id) are sent together. Images and similar listings of a listing the caller may not read
 * are thrown away with the 'not found'.
 */
async function readPage(db: Database, id: string) {
  const [[found], images, similar] = await Promise.all([
    db
      .select({
        listing: pageColumns, access: accessColumns, fullName: profiles.fullName, companyName: profiles.companyName,
        registry: { status: companyRegistry.status, name: companyRegistry.name, formText: companyRegistry.formText, kommune: companyRegistry.kommune },
      })
      .from(listings)
      .leftJoin(profiles, eq(profiles.id, listings.ownerId))
      .leftJoin(companyRegistry, eq(companyRegistry.orgnr, listings.orgnr))
      .where(eq(listings.id, id)),
    db
      .select({ url: listingImages.imageUrl })
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(asc(listingImages.displayOrder), asc(listingImages.createdAt)),
    similarListings(db, id),
  ]);
  if (!found) return null;
  const { listing: row, access, fullName, companyName, registry } = found;
  const { createdAt, updatedAt, publishedAt, underOfferAt, ...fields } = row;
  // Only pageColumns' fields (decision 061): the owner's id is read for access and never sent.
  const listing = {
    ...fields,
    createdAt: createdAt.toISOString(),
    publishedAt: publishedAt?.toISOString() ?? null,
    updatedAt: updatedAt.toISOString(),
    underOffer: fields.status === 'active' && underOfferAt !== null,
    images: images.map((image) => image.url),
    // A confidential sale names neither the company nor the seller's firm (decision 095).
    sellerName: row.confidential ? null : (companyName ?? fullName ?? null),
    company: publicCompany(row.confidential, registry ?? { status: null, name: null, formText: null, kommune: null }),
  };
  return { access, page: { listing, similar } };
}

const source = alias(listings, 'source');

/**
 * Three other active listings of the listing's industry, newest first. The industry comes from a
 * join on the listing's primary key (a constant row to the planner), so this needs no earlier read.
 */
export async function similarListings(db: Database, id: string) {
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .innerJoin(source, and(eq(source.id, id), eq(listings.industry, source.industry)))
    .where(and(isPublic, eq(listings.status, 'active'), ne(listings.id, id)))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(SIMILAR_COUNT);
  return toCards(rows);
}

/** The seller's contact details, for signed-in users only and never in the page's first data. */
export async function sellerContact(ctx: Context, id: string) {
  const [access] = await ctx.db.select({ ...accessColumns, confidential: listings.confidential }).from(listings).where(eq(listings.id, id));
  if (!access) throw notFound();
  await assertReadable(ctx, access);
  const [seller] = await ctx.db
    .select({ email: users.email, fullName: profiles.fullName, companyName: profiles.companyName, phone: profiles.phone })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, access.ownerId));
  if (!seller) throw notFound();
  // A confidential sale never names the seller's firm (decision 095): the person's own name only.
  return { name: seller.fullName ?? (access.confidential ? null : seller.companyName) ?? null, email: seller.email, phone: seller.phone ?? null };
}
