import { TRPCError } from '@trpc/server';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { accessRequests, type AccessStatus } from '@bedriftstorget/core/access/access.sql';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { accessAnswer as texts, accessMail, accessRequest } from '@bedriftstorget/core/texts/access';
import type { Database } from '../db/client';
import { vippsMarkOf } from '../identity/vipps-mark';
import { deliverNow } from '../mail/deliver';
import { enqueueMail, type QueuedMail } from '../mail/outbox';
import type { SignedInContext } from '../message/send';
import { announceClosed, closeStandingOffers, NOTHING_CLOSED } from '../offers/close';
import { listingLink, publishAccessChanged } from './notify';

/** A seller's list: every request on their listings is a handful, never a page (one per buyer and listing). */
const MAX_ROWS = 500;

/**
 * The requests on the caller's own listings for /mine-annonser, newest first, with the buyer's name,
 * e-mail, message and the Taushetserklæring they accepted; whether the data room is open to the buyer
 * (closed by the sale unless reopened, decision 101); and a deleted buyer's acceptance as its record,
 * named as it was, until it is kept no longer (decision 100). Ownership is part of the join.
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
      keptUntil: accessRequests.keptUntil,
      reopenedAt: accessRequests.reopenedAt,
      listingStatus: listings.status,
      listingPublic: listings.isPublic,
      ndaName: accessRequests.ndaName,
      ndaEmail: accessRequests.ndaEmail,
      buyerEmail: users.email,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      buyerMark: vippsMarkOf(accessRequests.buyerId).mapWith(Number),
    })
    .from(accessRequests)
    .innerJoin(listings, eq(listings.id, accessRequests.listingId))
    .innerJoin(users, eq(users.id, accessRequests.buyerId))
    .leftJoin(profiles, eq(profiles.id, accessRequests.buyerId))
    .where(eq(listings.ownerId, ownerId))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
    .limit(MAX_ROWS);
  return rows.map(({ fullName, companyName, buyerEmail, ndaName, ndaEmail, keptUntil, reopenedAt, listingStatus, listingPublic, buyerMark, ...row }) => ({
    ...row,
    /** 'Verifisert med Vipps' now (decision 120); a deleted buyer's record carries none. */
    buyerVerified: !keptUntil && buyerMark === 1,
    // A deleted account's record is named as it was when the buyer accepted (decision 100).
    buyerName: keptUntil ? (ndaName ?? texts.unknownBuyer) : (personDisplayName({ fullName, companyName, email: buyerEmail }) ?? texts.unknownBuyer),
    buyerEmail: keptUntil ? (ndaEmail ?? '') : (buyerEmail ?? ''),
    ndaAcceptedAt: row.ndaAcceptedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    /** The buyer deleted the account: only the record is left, kept until this time. */
    keptUntil: keptUntil?.toISOString() ?? null,
    forSale: listingStatus === 'active',
    listingPublic: Boolean(listingPublic),
    documentsOpen: !keptUntil && row.status === 'granted' && (listingStatus === 'active' || reopenedAt !== null),
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
      .select({ status: accessRequests.status, buyerId: accessRequests.buyerId, listingId: accessRequests.listingId, title: listings.title, listingStatus: listings.status, confidential: listings.confidential, buyerEmail: users.email })
      .from(accessRequests)
      .innerJoin(listings, eq(listings.id, accessRequests.listingId))
      .innerJoin(users, eq(users.id, accessRequests.buyerId))
      .where(and(eq(accessRequests.id, id), eq(listings.ownerId, ctx.user.id), isNull(accessRequests.keptUntil)))
      .for('update');
    // Another seller's request is as unknown as a made-up id, and so is a deleted buyer's record (decision 100).
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: accessRequest.notFound });
    if (row.status === rule.to) return { ...row, changed: false, mailId: null, closed: NOTHING_CLOSED };
    if (!rule.from.includes(row.status)) throw new TRPCError({ code: 'BAD_REQUEST', message: rule.refusal });
    // A grant given after the listing stopped being for sale names this buyer: it opens the documents
    // to them as a reopening does (decision 101); a withdrawal ends any reopening.
    const reopenedAt = rule.to === 'granted' && row.listingStatus !== 'active' ? now : null;
    await tx.update(accessRequests).set({ status: rule.to, answeredAt: now, reopenedAt }).where(eq(accessRequests.id, id));
    const mail = row.buyerEmail ? answerMail(ctx.config.appUrl, row.buyerEmail, rule.to, row.listingId, row.title) : null;
    // A confidential sale's offers need the access (decision 099): withdrawn, the buyer's standing offer closes with it (decision 128).
    const closed = rule.to === 'withdrawn' && row.confidential ? await closeStandingOffers(tx, ctx.config.appUrl, { listingIds: [row.listingId], buyerId: row.buyerId }, 'access', now) : NOTHING_CLOSED;
    return { ...row, changed: true, mailId: mail ? await enqueueMail(tx, mail, now) : null, closed };
  });
  if (done.changed) await Promise.all([deliverNow(ctx, [done.mailId]), publishAccessChanged(ctx, ctx.user.id, done.buyerId), announceClosed(ctx, done.closed)]);
  return { status: rule.to };
}
