import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { accessAnswer as texts, accessMail, accessRequest } from '@bedriftstorget/core/texts/access';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import type { SignedInContext } from '../message/send';
import { listingLink, publishAccessChanged } from './notify';

/**
 * 'Åpne dokumentene igjen' (decision 101): marking a listing sold — or its withdrawal, deactivation or
 * expiry — closes the data room to every buyer; when a deal falls through, the seller opens it again
 * for one named buyer who has access. Only the owner, only a granted request, only while the listing
 * is sold and still public (while it is for sale the grant opens it already; one not public shows no
 * page to read documents on). The buyer is mailed and told live.
 */
export async function reopenDocuments(ctx: SignedInContext, id: string): Promise<{ reopened: boolean }> {
  const now = new Date();
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: accessRequests.status, reopenedAt: accessRequests.reopenedAt, buyerId: accessRequests.buyerId, listingId: accessRequests.listingId, title: listings.title, listingStatus: listings.status, isPublic: listings.isPublic, buyerEmail: users.email })
      .from(accessRequests)
      .innerJoin(listings, eq(listings.id, accessRequests.listingId))
      .innerJoin(users, eq(users.id, accessRequests.buyerId))
      .where(and(eq(accessRequests.id, id), eq(listings.ownerId, ctx.user.id), isNull(accessRequests.keptUntil)))
      .for('update');
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: accessRequest.notFound });
    if (row.status !== 'granted') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.reopenNotGranted });
    if (row.listingStatus === 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.reopenForSale });
    // Buyers read documents on the listing's page: one not public (withdrawn, expired) has none to show them.
    if (!row.isPublic) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.reopenNotPublic });
    // A double click: open already, nothing changes and nothing is sent again.
    if (row.reopenedAt) return { ...row, changed: false, mailId: null };
    await tx.update(accessRequests).set({ reopenedAt: now }).where(eq(accessRequests.id, id));
    const link = listingLink(ctx.config.appUrl, row.listingId);
    const mail = { kind: 'access_answer' as const, to: row.buyerEmail, subject: accessMail.reopenedSubject(row.title), text: accessMail.reopenedText(row.title, link), links: [link] };
    return { ...row, changed: true, mailId: await enqueueMail(tx, mail, now) };
  });
  if (done.changed) await Promise.all([deliverNow(ctx, [done.mailId]), publishAccessChanged(ctx, ctx.user.id, done.buyerId)]);
  return { reopened: true };
}
