import { and, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { favorites, listingViews, listings } from '@bedriftstorget/core/listing/listing.sql';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { bucketKeys } from '@bedriftstorget/core/stats/buckets';
import type { Database } from '../db/client';

export const STATS_DAYS = 30;

interface Counts {
  total: number;
  last30: number;
}

export interface SellerListingStats {
  id: string;
  title: string;
  status: (typeof listings.$inferSelect)['status'];
  views: Counts;
  saves: Counts;
  messages: Counts;
  inquiries: Counts;
  /** Offers received: each thread once, whatever became of it. */
  offers: Counts;
  /** Per day of `days`, oldest first. */
  daily: { views: number[]; saves: number[]; messages: number[] };
}

/**
 * /statistikk: each own listing's views, saves, conversations started and inquiries, in total and
 * for the last 30 days, plus per day. Every number is an aggregate over the owner's listing ids
 * (each table has an index led by listing_id). Views: the total is the listing's counter, which
 * counts the same events as listing_views (one visitor per listing per UTC day); listing_views
 * keeps the 30 days shown (decision 089), the 30-day figures and the daily series come from them.
 * A conversation is started by a buyer's first message about the listing to its owner.
 */
export async function sellerStats(db: Database, ownerId: string, now = new Date()) {
  const days = bucketKeys(now, STATS_DAYS, 'day');
  const since = new Date(`${days[0]!}T00:00:00Z`);
  const own = await db
    .select({ id: listings.id, title: listings.title, status: listings.status, views: listings.views })
    .from(listings)
    .where(eq(listings.ownerId, ownerId))
    .orderBy(sql`${listings.createdAt} DESC`, listings.id);
  if (own.length === 0) return { days, listings: [] as SellerListingStats[] };
  const ids = own.map((row) => row.id);
  const saveDay = sql<string>`DATE_FORMAT(${favorites.createdAt}, '%Y-%m-%d')`;

  const [viewDays, saveRows, firstMessages, leadRows, offerRows] = await Promise.all([
    db
      .select({ listingId: listingViews.listingId, day: listingViews.day, n: count() })
      .from(listingViews)
      .where(and(inArray(listingViews.listingId, ids), gte(listingViews.day, days[0]!)))
      .groupBy(listingViews.listingId, listingViews.day),
    db
      .select({ listingId: favorites.listingId, day: saveDay, n: count() })
      .from(favorites)
      .where(inArray(favorites.listingId, ids))
      .groupBy(favorites.listingId, saveDay),
    db
      .select({ listingId: messages.listingId, first: sql<string>`DATE_FORMAT(MIN(${messages.createdAt}), '%Y-%m-%d')` })
      .from(messages)
      .where(and(inArray(messages.listingId, ids), eq(messages.receiverId, ownerId), ne(messages.senderId, ownerId)))
      .groupBy(messages.listingId, messages.senderId),
    db
      .select({ listingId: leads.listingId, recent: sql<string>`SUM(${leads.createdAt} >= ${since})`, n: count() })
      .from(leads)
      .where(inArray(leads.listingId, ids))
      .groupBy(leads.listingId),
    db
      .select({ listingId: offers.listingId, recent: sql<string>`SUM(${offers.createdAt} >= ${since})`, n: count() })
      .from(offers)
      .where(inArray(offers.listingId, ids))
      .groupBy(offers.listingId),
  ]);

  const index = new Map(days.map((day, i) => [day, i]));
  const stats = new Map<string, SellerListingStats>(
    own.map((row) => [
      row.id,
      {
        id: row.id,
        title: row.title,
        status: row.status,
        views: { total: row.views, last30: 0 },
        saves: { total: 0, last30: 0 },
        messages: { total: 0, last30: 0 },
        inquiries: { total: 0, last30: 0 },
        offers: { total: 0, last30: 0 },
        daily: { views: days.map(() => 0), saves: days.map(() => 0), messages: days.map(() => 0) },
      },
    ]),
  );
  /** Adds n events of a day to a listing's counts and, inside the window, to its series. */
  const add = (listingId: string | null, day: string, n: number, key: 'views' | 'saves' | 'messages', total: boolean) => {
    const entry = listingId ? stats.get(listingId) : undefined;
    if (!entry) return;
    if (total) entry[key].total += n;
    const at = index.get(day);
    if (at === undefined) return;
    entry[key].last30 += n;
    entry.daily[key][at]! += n;
  };
  for (const row of viewDays) add(row.listingId, row.day, Number(row.n), 'views', false);
  for (const row of saveRows) add(row.listingId, row.day, Number(row.n), 'saves', true);
  for (const row of firstMessages) add(row.listingId, row.first, 1, 'messages', true);
  for (const row of leadRows) {
    const entry = row.listingId ? stats.get(row.listingId) : undefined;
    if (entry) entry.inquiries = { total: Number(row.n), last30: Number(row.recent ?? 0) };
  }
  for (const row of offerRows) {
    const entry = row.listingId ? stats.get(row.listingId) : undefined;
    if (entry) entry.offers = { total: Number(row.n), last30: Number(row.recent ?? 0) };
  }
  return { days, listings: [...stats.values()] };
}


/** The owner of a listing, to tell their open /statistikk that a save changed. */
export async function listingOwner(db: Database, listingId: string): Promise<string | null> {
  const [row] = await db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, listingId));
  return row?.ownerId ?? null;
}
