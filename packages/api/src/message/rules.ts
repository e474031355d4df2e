import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { messageTexts } from '@bedriftstorget/core/texts/messages';
import type { Context } from '../context';
import { NOT_FOUND_MESSAGE } from '../listing/detail';

export interface ContactableListing {
  id: string;
  ownerId: string;
  title: string;
  confidential: boolean;
}

/**
 * A listing a buyer may start a conversation or send an inquiry about: public, still for sale,
 * and not the caller's own. The owner is looked up here, never taken from the client.
 */
export async function contactableListing(ctx: Context & { user: { id: string } }, listingId: string): Promise<ContactableListing> {
  const [row] = await ctx.db
    .select({ id: listings.id, ownerId: listings.ownerId, title: listings.title, status: listings.status, isPublic: listings.isPublic, confidential: listings.confidential })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row?.isPublic) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  if (row.ownerId === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: messageTexts.ownListing });
  if (row.status !== 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: messageTexts.soldListing });
  return { id: row.id, ownerId: row.ownerId, title: row.title, confidential: row.confidential };
}
