import { and, count, countDistinct, desc, eq, gte } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';
import { cardColumns, toCards } from './cards';
import { cachedCount } from './count-cache';

const LANDING_COUNT = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Bedrifter til salgs nå': the six newest active listings and the counters above them. */
export async function landingListings(db: Database, now = new Date()) {
  const active = eq(listings.status, 'active');
  // The counters read every active row (a full scan at 100k): cached a short while and shared in flight, like the browse total.
  const [items, forSale, industries, newLast24h] = await Promise.all([
    db.select(cardColumns).from(listings).where(active).orderBy(desc(listings.createdAt), desc(listings.id)).limit(LANDING_COUNT).then(toCards),
    cachedCount('landing:forSale', async () => (await db.select({ n: count() }).from(listings).where(active))[0]?.n ?? 0),
    cachedCount('landing:industries', async () => (await db.select({ n: countDistinct(listings.industry) }).from(listings).where(active))[0]?.n ?? 0),
    cachedCount('landing:new', async () => (await db.select({ n: count() }).from(listings).where(and(active, gte(listings.createdAt, new Date(now.getTime() - DAY_MS)))))[0]?.n ?? 0),
  ]);
  return { items, counts: { forSale, industries, newLast24h } };
}
