import { and, count, countDistinct, desc, eq, gte } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';
import { cardColumns, toCards } from './cards';

const LANDING_COUNT = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Bedrifter til salgs nå': the six newest active listings and the counters above them. */
export async function landingListings(db: Database, now = new Date()) {
  const active = eq(listings.status, 'active');
  const rows = await db.select(cardColumns).from(listings).where(active).orderBy(desc(listings.createdAt), desc(listings.id)).limit(LANDING_COUNT);
  const [totals] = await db.select({ forSale: count(), industries: countDistinct(listings.industry) }).from(listings).where(active);
  const [fresh] = await db.select({ n: count() }).from(listings).where(and(active, gte(listings.createdAt, new Date(now.getTime() - DAY_MS))));
  return {
    items: await toCards(db, rows),
    counts: { forSale: totals?.forSale ?? 0, industries: totals?.industries ?? 0, newLast24h: fresh?.n ?? 0 },
  };
}
