import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/mysql-core';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import { SIMILAR_COUNT } from '@bedriftstorget/core/listing/rules';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { sendPrepared } from '../db/prepared';
import { isPublic } from './filters';
import { cardColumns, toCards } from './cards';
import { pageColumns } from './fields';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { publicCompany } from '../company/views';
import { company } from '@bedriftstorget/core/texts/company';
import { publicLocation } from '@bedriftstorget/core/listing/public-location';
import { contactName, disclosureOf, readSellerView } from '../identity/disclosure';
import { sellerDisplay } from '../identity/seller-display';

export const NOT_FOUND_MESSAGE = detail.notFound;
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

/** What decides who may read a listing; read on the server, never sent. */
const accessColumns = { ownerId: listings.ownerId, isPublic: listings.isPublic };


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
 * The caller's own part of a listing page (`listing.viewer`, never cached): whether they own it; for a
 * listing that is not public (pending, rejected, …) the whole page when they may read it (its owner or
 * an admin); who the seller is to them (`sellerDisplay`, decision 099); and, once they know the seller
 * (a buyer let in, the owner, staff), the company and the seller's contact (`disclosure`). Anyone else
 * gets "not found" for a listing that is not public, as from detail.
 */
export async function viewerListing(ctx: Pick<Context, 'db' | 'user'>, id: string) {
  const view = await readSellerView(ctx.db, id, ctx.user?.id ?? null);
  if (!view) throw notFound();
  if (!view.isPublic && view.relation !== 'owner' && view.relation !== 'staff') throw notFound();
  const isOwner = view.relation === 'owner';
  const found = view.isPublic ? null : await readPage(ctx.db, id);
  if (!view.isPublic && !found) throw notFound();
  return { isOwner, page: found?.page ?? null, seller: view.display, disclosure: disclosureOf(view) };
}

/**
 * The page's data in one round trip of waiting (decision 078): the listing with its seller's name
 * (one join), its images, and the similar listings (their industry read through a join on this
 * listing's id) are sent together. Images and similar listings of a listing the caller may not read
 * are thrown away with the 'not found'.
 */
async function readPage(db: Database, id: string) {
  const byId = { id };
  // The same three statements for every listing: built once, the id a placeholder (decision 153).
  const [[found], images, similar] = await Promise.all([
    sendPrepared(db, 'detail-page', (base) =>
      base
        .select({
          listing: pageColumns, access: accessColumns, fullName: profiles.fullName, companyName: profiles.companyName,
          registry: { status: companyRegistry.status, name: companyRegistry.name, formText: companyRegistry.formText, kommune: companyRegistry.kommune },
        })
        .from(listings)
        .leftJoin(profiles, eq(profiles.id, listings.ownerId))
        .leftJoin(companyRegistry, eq(companyRegistry.orgnr, listings.orgnr))
        .where(eq(listings.id, sql.placeholder('id'))), byId),
    sendPrepared(db, 'detail-images', (base) =>
      base
        .select({ url: listingImages.imageUrl })
        .from(listingImages)
        .where(eq(listingImages.listingId, sql.placeholder('id')))
        .orderBy(asc(listingImages.displayOrder), asc(listingImages.createdAt)), byId),
    similarListings(db, id),
  ]);
  if (!found) return null;
  const { listing: row, access, fullName, companyName, registry } = found;
  const { createdAt, updatedAt, publishedAt, underOfferAt, sellerVerified, ...fields } = row;
  const seller = sellerDisplay(row, 'other', { fullName, companyName, email: null, deletedAt: null, vippsVerified: sellerVerified });
  // Only pageColumns' fields (decision 061): the owner's id is read for access and never sent.
  const listing = {
    ...fields,
    createdAt: createdAt.toISOString(),
    publishedAt: publishedAt?.toISOString() ?? null,
    updatedAt: updatedAt.toISOString(),
    underOffer: fields.status === 'active' && underOfferAt !== null,
    images: images.map((image) => image.url),
    // The town a confidential seller typed stays off every public answer: its county only (decision 099).
    location: publicLocation(row),
    // Who the seller is to the public: 'Konfidensiell selger' for a confidential sale (decisions 095, 099).
    sellerName: seller.cardName,
    // 'Verifisert med Vipps': the mark only, for a confidential sale too (decision 120).
    sellerVerified: seller.verified,
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
  const rows = await sendPrepared(db, 'similar-listings', (base) =>
    base
      .select(cardColumns)
      .from(listings)
      .innerJoin(source, and(eq(source.id, sql.placeholder('id')), eq(listings.industry, source.industry)))
      .where(and(isPublic, eq(listings.status, 'active'), ne(listings.id, sql.placeholder('id'))))
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(SIMILAR_COUNT), { id });
  return toCards(rows);
}

/**
 * The seller's contact details, for signed-in users only and never in the page's first data. A
 * confidential sale's seller is reached through messages only until the seller lets the caller in
 * (decision 099): before that, no name, e-mail or phone.
 */
export async function sellerContact(ctx: Context, id: string) {
  const view = await readSellerView(ctx.db, id, ctx.user?.id ?? null);
  if (!view) throw notFound();
  if (!view.isPublic && view.relation !== 'owner' && view.relation !== 'staff') throw notFound();
  if (view.display.anonymous) throw new TRPCError({ code: 'FORBIDDEN', message: company.contactRefused });
  if (view.deletedAt || view.email === null) throw notFound();
  return { name: contactName(view), email: view.email, phone: view.phone ?? null };
}
