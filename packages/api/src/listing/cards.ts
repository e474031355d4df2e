import { and, eq, inArray, sql } from 'drizzle-orm';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import { publicLocation } from '@bedriftstorget/core/listing/public-location';
import type { Database } from '../db/client';
import { sellerMark } from '../identity/seller-display';

/** What a card needs; dates as ISO strings so the type is what arrives over JSON. */
export interface ListingCard {
  id: string;
  title: string;
  description: string;
  industry: (typeof listings.$inferSelect)['industry'];
  location: string;
  price: number | null;
  revenue: number | null;
  profit: number | null;
  employees: number | null;
  established: number | null;
  status: 'active' | 'sold';
  createdAt: string;
  views: number;
  leadsCount: number;
  /** 'Under bud': an active listing its owner marked (decision 044). */
  underOffer: boolean;
  /** 'Konfidensielt salg' (decision 095): the badge; a card never names the company, nor the town (`location` is the county, decision 099). */
  confidential: boolean;
  /** 'Verifisert med Vipps' (decision 120): the mark only, decided by `sellerMark` (identity/seller-display.ts). */
  sellerVerified: boolean;
  imageUrl: string | null;
}

/** A card's own columns, without its image. */
export const cardFields = {
  id: listings.id,
  title: listings.title,
  // Cut in SQL: a card never needs the full text (SHORT_DESCRIPTION + 1 tells whether it was cut).
  description: sql<string>`LEFT(${listings.description}, 181)`,
  industry: listings.industry,
  location: listings.location,
  price: listings.price,
  revenue: listings.revenue,
  profit: listings.profit,
  employees: listings.employees,
  established: listings.established,
  status: listings.status,
  createdAt: listings.createdAt,
  views: listings.views,
  leadsCount: listings.leadsCount,
  underOfferAt: listings.underOfferAt,
  confidential: listings.confidential,
  sellerVerified: listings.sellerVerified,
};

/**
 * A card with its first image (lowest display_order, then the earliest) read in the page's own
 * query: one round trip instead of two (decision 055; 20 % off browse's SQL at 100 000 listings). For
 * a query that walks an index to its LIMIT, so the lookup runs for the rows sent only; a query that
 * sorts many rows (a rare word's candidates) would run it for every one of them before sorting:
 * those select `cardFields` and add images with `withFirstImages`.
 */
export const cardColumns = {
  ...cardFields,
  imageUrl: sql<string | null>`(SELECT li.image_url FROM ${listingImages} li WHERE li.listing_id = ${listings}.id ORDER BY li.display_order, li.created_at LIMIT 1)`,
};

/** A row selected with cardColumns. */
export type CardRow = Omit<ListingCard, 'status' | 'createdAt' | 'underOffer' | 'confidential' | 'sellerVerified'> & {
  /** A derived table's rows (page-read.ts) bring it as the driver's 0/1. */
  confidential: boolean | number | string;
  sellerVerified: boolean | number | string;
  status: (typeof listings.$inferSelect)['status'];
  createdAt: Date;
  underOfferAt: Date | null;
};

const SHORT_DESCRIPTION = 180;

/** The first image (lowest display_order) of each listing, in one query. */
export async function firstImages(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ listingId: listingImages.listingId, url: listingImages.imageUrl, createdAt: listingImages.createdAt })
    .from(listingImages)
    .where(
      and(
        inArray(listingImages.listingId, ids),
        eq(
          listingImages.displayOrder,
          sql`(SELECT MIN(li2.display_order) FROM ${listingImages} li2 WHERE li2.listing_id = ${listingImages.listingId})`,
        ),
      ),
    );
  // Ties on display_order go to the earliest upload; sorted here, a few rows, rather than by a filesort.
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.listingId)) map.set(row.listingId, row.url);
  return map;
}

/** Rows selected with `cardFields`, with their first images from one query. */
export async function withFirstImages<T extends { id: string }>(db: Database, rows: T[]): Promise<(T & { imageUrl: string | null })[]> {
  const images = await firstImages(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, imageUrl: images.get(row.id) ?? null }));
}

/**
 * The cards sent to the browser, each built field by field: only a card's own fields go out (a page's
 * keyset phase stays behind), and one object of a fixed shape per row is cheaper than copying the
 * row and its overrides (browse and the landing build 20 of them per request, decision 150).
 */
export function toCards(rows: CardRow[]): ListingCard[] {
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description.length > SHORT_DESCRIPTION ? `${row.description.slice(0, SHORT_DESCRIPTION - 1)}…` : row.description,
    industry: row.industry,
    // A confidential sale's card names its county, never the town (decision 099).
    location: publicLocation(row),
    price: row.price,
    revenue: row.revenue,
    profit: row.profit,
    employees: row.employees,
    established: row.established,
    status: row.status === 'sold' ? 'sold' : 'active',
    createdAt: row.createdAt.toISOString(),
    views: row.views,
    leadsCount: row.leadsCount,
    confidential: row.confidential === true || Number(row.confidential) === 1,
    sellerVerified: sellerMark({ deletedAt: null, vippsVerified: row.sellerVerified === true || Number(row.sellerVerified) === 1 }),
    imageUrl: row.imageUrl,
    underOffer: row.status === 'active' && row.underOfferAt !== null,
  }));
}
