import { desc, eq, sql } from 'drizzle-orm';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';
import { afterCursor, pageOf } from '../paging/newest-first';
import { ADMIN_PAGE_SIZE } from '@bedriftstorget/core/admin/rules';

/**
 * /admin/tilgang: every request with the Taushetserklæring its buyer accepted — who (name and e-mail as
 * recorded with the acceptance), which version, when and from which network address — newest first, for
 * staff settling a dispute (decision 096); a deleted buyer's record too, until it is kept no longer (decision 100).
 */
export async function listAccessRequests(db: Database, input: { cursor?: string | undefined }) {
  const rows = await db
    .select({
      id: accessRequests.id,
      createdAt: accessRequests.createdAt,
      listingId: accessRequests.listingId,
      listingTitle: listings.title,
      buyerId: accessRequests.buyerId,
      buyerEmail: sql<string>`COALESCE(${accessRequests.ndaEmail}, ${users.email})`,
      buyerName: accessRequests.ndaName,
      status: accessRequests.status,
      ndaVersion: accessRequests.ndaVersion,
      ndaAcceptedAt: accessRequests.ndaAcceptedAt,
      ndaAcceptedFrom: accessRequests.ndaAcceptedFrom,
      answeredAt: accessRequests.answeredAt,
      keptUntil: accessRequests.keptUntil,
    })
    .from(accessRequests)
    .innerJoin(listings, eq(listings.id, accessRequests.listingId))
    .innerJoin(users, eq(users.id, accessRequests.buyerId))
    .where(afterCursor(accessRequests.createdAt, accessRequests.id, input.cursor))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
    .limit(ADMIN_PAGE_SIZE + 1);
  const page = pageOf(rows, ADMIN_PAGE_SIZE);
  const items = page.items.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    ndaAcceptedAt: row.ndaAcceptedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    keptUntil: row.keptUntil?.toISOString() ?? null,
  }));
  return { items, nextCursor: page.nextCursor };
}
