import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Context } from '../context';
import type { Database } from '../db/client';
import type { Tx } from '../admin/log';
import { hasAccess } from '../access/has-access';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { isAdmin } from '../trpc';

export type SignedIn = Context & { user: { id: string } };

/** Who the caller is to a listing's data room: its owner, staff, a buyer the seller let in, or nobody. */
export type DataRoomRole = 'owner' | 'staff' | 'buyer';

/** Everyone without a role gets the answer a missing listing gets: the data room's existence is not told. */
export const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

/**
 * The owner and staff always; a buyer only with a granted request (hasAccess, decision 096) and only
 * while the listing is public, like every other reader of it.
 */
export async function dataRoomRole(ctx: SignedIn, listingId: string): Promise<DataRoomRole | null> {
  const [listing] = await ctx.db.select({ ownerId: listings.ownerId, isPublic: listings.isPublic }).from(listings).where(eq(listings.id, listingId));
  if (!listing) return null;
  if (listing.ownerId === ctx.user.id) return 'owner';
  if (await isAdmin(ctx.db, ctx.user.id)) return 'staff';
  if (listing.isPublic && (await hasAccess(ctx.db, listingId, ctx.user.id))) return 'buyer';
  return null;
}

/** `listings.document_count` from the rows themselves, inside the transaction that changed them. */
export async function recountDocuments(tx: Tx | Database, listingId: string): Promise<void> {
  await tx
    .update(listings)
    .set({ documentCount: sql`(SELECT COUNT(*) FROM ${listingDocuments} WHERE ${listingDocuments.listingId} = ${listingId} AND ${listingDocuments.status} = 'ready')` })
    .where(eq(listings.id, listingId));
}
