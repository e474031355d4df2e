import { count, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';
import { sendPrepared } from '../db/prepared';
import { cardColumns, toCards } from './cards';
import { isPublic } from './filters';
import { landingCounters } from './count-cache';

const LANDING_COUNT = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 'Bedrifter til salgs nå': the six newest active listings and the counters above them. The counters
 * count what browse counts — every public listing, sold ones too, and the label says so — so the
 * landing's number and browse's 'Viser X av Y' agree (decision 090).
 */
export async function landingListings(db: Database, now = new Date()) {
  const active = eq(listings.status, 'active');
  const since = new Date(now.getTime() - DAY_MS);
  // The counters read every public row (a full scan at 100k): one statement for all three, cached a
  // short while and shared in flight like the browse total; the cards in parallel (decision 078).
  const [items, counts] = await Promise.all([
    // The same statement every time: built once (decision 153).
    sendPrepared(db, 'landing-cards', (base) => base.select(cardColumns).from(listings).where(active).orderBy(desc(listings.createdAt), desc(listings.id)).limit(LANDING_COUNT)).then(toCards),
    landingCounters('landing', async () => {
      const [row] = await db
        .select({ forSale: count(), industries: countDistinct(listings.industry), newLast24h: sql<string | number | null>`SUM(${gte(listings.createdAt, since)})` })
        .from(listings)
        .where(isPublic);
      return { forSale: row?.forSale ?? 0, industries: row?.industries ?? 0, newLast24h: Number(row?.newLast24h ?? 0) };
    }),
  ]);
  return { items, counts };
}
