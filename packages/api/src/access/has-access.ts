import { and, eq } from 'drizzle-orm';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import type { Database } from '../db/client';

/**
 * Whether a buyer may open a listing's documents (decision 096): the seller granted the request and
 * has not withdrawn it. The owner and staff are decided by the caller, not here.
 */
export async function hasAccess(db: Database, listingId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(eq(accessRequests.listingId, listingId), eq(accessRequests.buyerId, userId), eq(accessRequests.status, 'granted')))
    .limit(1);
  return row !== undefined;
}
