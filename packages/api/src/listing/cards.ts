import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';

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
  imageUrl: string | null;
}

export const cardColumns = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
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
};

/** A row selected with cardColumns. */
export type CardRow = Omit<ListingCard, 'status' | 'createdAt' | 'imageUrl'> & {
  status: (typeof listings.$inferSelect)['status'];
  createdAt: Date;
};

const SHORT_DESCRIPTION = 180;

/** The first image (lowest display_order) of each listing, in one query. */
export async function firstImages(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ listingId: listingImages.listingId, url: listingImages.imageUrl })
    .from(listingImages)
    .where(
      and(
        inArray(listingImages.listingId, ids),
        eq(
          listingImages.displayOrder,
          sql`(SELECT MIN(li2.display_order) FROM ${listingImages} li2 WHERE li2.listing_id = ${listingImages.listingId})`,
        ),
      ),
    )
    .orderBy(asc(listingImages.createdAt));
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.listingId)) map.set(row.listingId, row.url);
  return map;
}

export async function toCards(db: Database, rows: CardRow[]): Promise<ListingCard[]> {
  const images = await firstImages(db, rows.map((r) => r.id));
  return rows.map((row) => ({
    ...row,
    description: row.description.length > SHORT_DESCRIPTION ? `${row.description.slice(0, SHORT_DESCRIPTION - 1)}…` : row.description,
    status: row.status === 'sold' ? 'sold' : 'active',
    createdAt: row.createdAt.toISOString(),
    imageUrl: images.get(row.id) ?? null,
  }));
}
