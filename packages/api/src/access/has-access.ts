import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';

/**
 * The buyer's request on the listing is granted (decision 096) and the account still exists: a
 * deleted buyer's row is only the Taushetserklæring's record (`kept_until`, decision 100). What
 * the seller's identity and the company are shown by (decision 099), as SQL for reads that join it.
 */
export function grantedRequest(listingId: MySqlColumn | SQL | string, buyerId: MySqlColumn | SQL | string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${accessRequests} WHERE ${accessRequests.listingId} = ${listingId} AND ${accessRequests.buyerId} = ${buyerId} AND ${accessRequests.status} = 'granted' AND ${accessRequests.keptUntil} IS NULL)`;
}

/** Whether the seller has let this buyer in and not taken it back: the listing page and messages then name the company. */
export async function isGranted(db: Database, listingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(eq(accessRequests.listingId, listingId), eq(accessRequests.buyerId, userId), eq(accessRequests.status, 'granted'), isNull(accessRequests.keptUntil)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a buyer may open a listing's documents: granted (as `isGranted`), and the listing is still
 * for sale — marking it sold, or its withdrawal or deactivation, closes the data room to every buyer
 * (decision 101) — unless the seller reopened it for this buyer since. The owner and staff are
 * decided by the caller, not here; so is whether the listing is public.
 */
export async function hasAccess(db: Database, listingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .innerJoin(listings, eq(listings.id, accessRequests.listingId))
    .where(
      and(
        eq(accessRequests.listingId, listingId),
        eq(accessRequests.buyerId, userId),
        eq(accessRequests.status, 'granted'),
        isNull(accessRequests.keptUntil),
        or(eq(listings.status, 'active'), isNotNull(accessRequests.reopenedAt)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
