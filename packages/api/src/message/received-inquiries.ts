import { and, desc, eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { leads } from '@bedriftstorget/core/message/message.sql';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import type { Database } from '../db/client';
import { vippsMarkOf } from '../identity/vipps-mark';
import { afterCursor, pageOf } from '../paging/newest-first';

const PAGE = 50;

/**
 * 'Forespørsler' in /meldinger: the inquiries about the caller's own listings with the buyer's
 * name and e-mail, newest first, 50 at a time (keyset on created_at, id). Ownership is part of
 * the join, so nobody reads another seller's leads.
 */
export async function receivedInquiries(db: Database, ownerId: string, cursor: string | undefined) {
  const rows = await db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      listingId: leads.listingId,
      listingTitle: listings.title,
      buyerName: leads.buyerName,
      buyerEmail: leads.buyerEmail,
      message: leads.message,
      buyerMark: vippsMarkOf(leads.buyerId).mapWith(Number),
    })
    .from(leads)
    .innerJoin(listings, eq(listings.id, leads.listingId))
    .where(and(eq(listings.ownerId, ownerId), afterCursor(leads.createdAt, leads.id, cursor)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(PAGE + 1);
  const page = pageOf(rows, PAGE);
  // A deleted buyer's inquiry keeps its message; name and address were erased (decision 088).
  const items = page.items.map(({ buyerMark, ...row }) => ({
    ...row,
    /** 'Verifisert med Vipps' now (decision 120); an erased buyer carries none. */
    buyerVerified: row.buyerEmail !== '' && buyerMark === 1,
    buyerName: row.buyerEmail === '' ? accountDeletion.deletedUser : row.buyerName,
    buyerEmail: row.buyerEmail === '' ? null : row.buyerEmail,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, nextCursor: page.nextCursor };
}
