import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { favorites, listings } from '@bedriftstorget/core/listing/listing.sql';
import type { SavedSort } from '@bedriftstorget/core/listing/schemas';
import { affectedRows, type Database } from '../db/client';
import { retryOnDeadlock } from '../db/errors';
import { publicLocation } from '@bedriftstorget/core/listing/public-location';
import { firstImages } from '../listing/cards';
import { NOT_FOUND_MESSAGE } from '../listing/detail';

export async function favoriteIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ id: favorites.listingId }).from(favorites).where(eq(favorites.userId, userId));
  return rows.map((row) => row.id);
}

export async function favoriteCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

/**
 * One user's saves and unsaves one at a time: their user row is locked first. Without it, a DELETE
 * and two INSERTs of the same favourite at once (two tabs, a double tap) deadlock over the unique
 * key — the bench's toggle at 50 connections got 500s. A deadlock that still happens is retried.
 */
function asUser<T>(db: Database, userId: string, write: (tx: Database) => Promise<T>): Promise<T> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return write(tx);
    }),
  );
}

/**
 * Only a public listing can be saved; saving twice is one favourite (unique user+listing). True when
 * a row was added: only a change is told to the user's other tabs and the owner (decision 085).
 */
export async function addFavorite(db: Database, userId: string, listingId: string): Promise<boolean> {
  return asUser(db, userId, async (tx) => {
    const [listing] = await tx.select({ isPublic: listings.isPublic }).from(listings).where(eq(listings.id, listingId));
    if (!listing?.isPublic) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
    return affectedRows(await tx.insert(favorites).ignore().values({ userId, listingId })) > 0;
  });
}

/** True when a row was removed. */
export async function removeFavorite(db: Database, userId: string, listingId: string): Promise<boolean> {
  return asUser(db, userId, async (tx) => affectedRows(await tx.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)))) > 0);
}

/** 'Solgt', 'Avpublisert' (no longer public), or on sale. */
export type SavedState = 'active' | 'sold' | 'unpublished';

export interface SavedListing {
  listingId: string;
  savedAt: string;
  title: string;
  state: SavedState;
  /** The rest only while the listing is public: an unpublished one shows its title and badge only. */
  location: string | null;
  industry: (typeof listings.$inferSelect)['industry'] | null;
  price: number | null;
  revenue: number | null;
  employees: number | null;
  createdAt: string | null;
  imageUrl: string | null;
}

const ORDER: Record<SavedSort, ReturnType<typeof desc>[]> = {
  saved_desc: [desc(favorites.createdAt), desc(favorites.id)],
  newest: [desc(listings.createdAt), desc(listings.id)],
  // NULL prices last in both directions.
  price_asc: [sql`${listings.price} IS NULL`, asc(listings.price), asc(listings.id)],
  price_desc: [sql`${listings.price} IS NULL`, desc(listings.price), desc(listings.id)],
};

export async function savedListings(db: Database, userId: string, sort: SavedSort): Promise<SavedListing[]> {
  const rows = await db
    .select({
      listingId: listings.id,
      savedAt: favorites.createdAt,
      title: listings.title,
      status: listings.status,
      isPublic: listings.isPublic,
      location: listings.location,
      confidential: listings.confidential,
      industry: listings.industry,
      price: listings.price,
      revenue: listings.revenue,
      employees: listings.employees,
      createdAt: listings.createdAt,
    })
    .from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId))
    .where(eq(favorites.userId, userId))
    .orderBy(...ORDER[sort]);
  const images = await firstImages(db, rows.filter((r) => r.isPublic).map((r) => r.listingId));
  return rows.map((row) => {
    const base = { listingId: row.listingId, savedAt: row.savedAt.toISOString(), title: row.title };
    if (!row.isPublic) {
      return { ...base, state: 'unpublished', location: null, industry: null, price: null, revenue: null, employees: null, createdAt: null, imageUrl: null };
    }
    return {
      ...base,
      state: row.status === 'sold' ? 'sold' : 'active',
      // A confidential sale's county, never its town (decision 099).
      location: publicLocation(row),
      industry: row.industry,
      price: row.price,
      revenue: row.revenue,
      employees: row.employees,
      createdAt: row.createdAt.toISOString(),
      imageUrl: images.get(row.listingId) ?? null,
    };
  });
}
