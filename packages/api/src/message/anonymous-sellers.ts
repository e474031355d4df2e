import { sql } from 'drizzle-orm';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import type { Database } from '../db/client';

/**
 * Before confidential listings are deleted: their conversations remember the seller to keep hidden
 * (`messages.anonymous_seller_id`, decision 099). The conversations stay (shown as 'Ukjent listing'),
 * and without the listing nothing else would say the seller chose to be anonymous, so each buyer the
 * seller had not let in would see the seller's name from then on. Called in the delete's transaction,
 * before the rows go (the requests that say who was let in go with the listing).
 */
export async function keepSellersAnonymous(tx: Pick<Database, 'execute'>, listingIds: string[]): Promise<void> {
  if (listingIds.length === 0) return;
  const buyer = sql`IF(${messages.senderId} = ${listings.ownerId}, ${messages.receiverId}, ${messages.senderId})`;
  await tx.execute(sql`
    UPDATE ${messages} JOIN ${listings} ON ${listings.id} = ${messages.listingId}
    SET ${messages.anonymousSellerId} = ${listings.ownerId}
    WHERE ${listings.id} IN (${sql.join(listingIds.map((id) => sql`${id}`), sql`, `)})
      AND ${listings.confidential} = TRUE
      AND NOT EXISTS (SELECT 1 FROM ${accessRequests} WHERE ${accessRequests.listingId} = ${listings.id} AND ${accessRequests.buyerId} = ${buyer} AND ${accessRequests.status} = 'granted' AND ${accessRequests.keptUntil} IS NULL)`);
}
