import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { accessRequests, type AccessStatus } from '@bedriftstorget/core/access/access.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { accessAnswer as texts, accessMail, accessRequest } from '@bedriftstorget/core/texts/access';
import type { Database } from '../db/client';
import { deliverNow } from '../mail/deliver';
import { enqueueMail, type QueuedMail } from '../mail/outbox';
import type { SignedInContext } from '../message/send';
import { listingLink, publishAccessChanged } from './notify';

/** A seller's list: every request on their listings is a handful, never a page (one per buyer and listing). */
const MAX_ROWS = 500;

/**
 * The requests on the caller's own listings for /mine-annonser, newest first, with the buyer's name,
 * e-mail, message and the Taushetserklæring they accepted. Ownership is part of the join.
 */
export async function requestsForSeller(db: Database, ownerId: string) {
  const rows = await db
    .select({
      id: accessRequests.id,
      listingId: accessRequests.listingId,
      listingTitle: listings.title,
      status: accessRequests.status,
      message: accessRequests.message,
      ndaVersion: accessRequests.ndaVersion,
      ndaAcceptedAt: accessRequests.ndaAcceptedAt,
      answeredAt: accessRequests.answeredAt,
      createdAt: accessRequests.createdAt,
      buyerEmail: users.email,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
    })
    .from(accessRequests)
    .innerJoin(listings, eq(listings.id, accessRequests.listingId))
    .innerJoin(users, eq(users.id, accessRequests.buyerId))
    .leftJoin(profiles, eq(profiles.id, accessRequests.buyerId))
    .where(eq(listings.ownerId, ownerId))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
    .limit(MAX_ROWS);
  return rows.map(({ fullName, companyName, buyerEmail, ...row }) => ({
    ...row,
    buyerName: personDisplayName({ fullName, companyName, email: buyerEmail }) ?? texts.unknownBuyer,
    buyerEmail: buyerEmail ?? '',
    ndaAcceptedAt: row.ndaAcceptedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export type AccessAnswer = 'grant' | 'decline' | 'withdraw';

/**
 * Which states each answer starts from (decision 096): the seller may grant a pending request, or
 * change their mind about one declined or withdrawn; decline only what waits; withdraw only a grant.
 */
const TRANSITIONS: Record<AccessAnswer, { from: readonly AccessStatus[]; to: AccessStatus; refusal: string }> = {
  grant: { from: ['pending', 'declined', 'withdrawn'], to: 'granted', refusal: texts.notPending },
  decline: { from: ['pending'], to: 'declined', refusal: texts.notPending },
  withdraw: { from: ['granted'], to: 'withdrawn', refusal: texts.notGranted },
};

function answerMail(appUrl: string, to: string, status: AccessStatus, listingId: string, title: string): QueuedMail | null {
  const link = listingLink(appUrl, listingId);
  if (status === 'granted') return { kind: 'access_answer', to, subject: accessMail.grantedSubject(title), text: accessMail.grantedText(title, link), links: [link] };
  if (status === 'declined') return { kind: 'access_answer', to, subject: accessMail.declinedSubject(title), text: accessMail.declinedText(title, link), links: [link] };
  return null;
}

/**
 * 'Gi tilgang', 'Avslå', 'Trekk tilbake tilgang': only the listing's owner; the row is locked while
 * its state is checked and changed, and the buyer's mail is queued with the change.
 */
export async function answerRequest(ctx: SignedInContext, id: string, answer: AccessAnswer): Promise<{ status: AccessStatus }> {
  const rule = TRANSITIONS[answer];
  const now = new Date();
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: accessRequests.status, buyerId: accessRequests.buyerId, listingId: accessRequests.listingId, title: listings.title, buyerEmail: users.email })
      .from(accessRequests)
      .innerJoin(listings, eq(listings.id, accessRequests.listingId))
      .innerJoin(users, eq(users.id, accessRequests.buyerId))
      .where(and(eq(accessRequests.id, id), eq(listings.ownerId, ctx.user.id)))
      .for('update');
    // Another seller's request is as unknown as a made-up id.
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: accessRequest.notFound });
    if (row.status === rule.to) return { ...row, changed: false, mailId: null };
    if (!rule.from.includes(row.status)) throw new TRPCError({ code: 'BAD_REQUEST', message: rule.refusal });
    await tx.update(accessRequests).set({ status: rule.to, answeredAt: now }).where(eq(accessRequests.id, id));
    const mail = row.buyerEmail ? answerMail(ctx.config.appUrl, row.buyerEmail, rule.to, row.listingId, row.title) : null;
    return { ...row, changed: true, mailId: mail ? await enqueueMail(tx, mail, now) : null };
  });
  if (done.changed) await Promise.all([deliverNow(ctx, [done.mailId]), publishAccessChanged(ctx, ctx.user.id, done.buyerId)]);
  return { status: rule.to };
}
