import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { accessRequests, type AccessStatus } from '@bedriftstorget/core/access/access.sql';
import type { AccessRequestInput } from '@bedriftstorget/core/access/schemas';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { accessMail, accessRequest as texts, nda } from '@bedriftstorget/core/texts/access';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import type { Database } from '../db/client';
import { isDuplicateKey } from '../db/errors';
import { vippsMarkOf } from '../identity/vipps-mark';
import { refusal } from '../refusal';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { emailOf } from '../message/notify';
import type { SignedInContext } from '../message/send';
import { myListingsLink, publishAccessChanged } from './notify';
import { ndaName } from './nda-records';

/** The stored address is the request log's: IPv4 or IPv6, never longer than the column. */
const ADDRESS_MAX = 64;

/**
 * A listing that takes requests (decision 096): public, still for sale (active, under offer or not),
 * confidential or with documents, and not the caller's own. A listing that is not public is 'not
 * found', as everywhere else.
 */
async function requestableListing(db: Database, listingId: string, userId: string) {
  const [row] = await db
    .select({
      id: listings.id,
      ownerId: listings.ownerId,
      title: listings.title,
      status: listings.status,
      isPublic: listings.isPublic,
      confidential: listings.confidential,
      documentCount: listings.documentCount,
      verifiedBuyersOnly: listings.verifiedBuyersOnly,
      // The caller's mark, read in the same statement: the seller's requirement and the seller's mail.
      buyerVerified: vippsMarkOf(userId).mapWith(Number),
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!row?.isPublic) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  if (row.ownerId === userId) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.ownListing });
  if (!row.confidential && row.documentCount === 0) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notOffered });
  if (row.status !== 'active') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notForSale });
  // 'Bare verifiserte kjøpere kan be om tilgang' (decision 130): only a confidential sale asks it; the server decides, not the page.
  if (row.confidential && row.verifiedBuyersOnly && row.buyerVerified !== 1) throw refusal('VIPPS_REQUIRED', vippsTexts.requestRefused);
  return row;
}

/**
 * The caller's request for a listing, for the listing page: its state, and whether the documents are
 * open to them (granted, and the listing for sale or reopened for them, decision 101); or null.
 */
export async function myRequest(db: Database, userId: string, listingId: string): Promise<{ status: AccessStatus; createdAt: string; documentsOpen: boolean } | null> {
  const [row] = await db
    .select({ status: accessRequests.status, createdAt: accessRequests.createdAt, reopenedAt: accessRequests.reopenedAt, listingStatus: listings.status })
    .from(accessRequests)
    .innerJoin(listings, eq(listings.id, accessRequests.listingId))
    .where(and(eq(accessRequests.listingId, listingId), eq(accessRequests.buyerId, userId)));
  if (!row) return null;
  return { status: row.status, createdAt: row.createdAt.toISOString(), documentsOpen: row.status === 'granted' && (row.listingStatus === 'active' || row.reopenedAt !== null) };
}

/**
 * 'Be om tilgang': one row per buyer and listing with the accepted Taushetserklæring (version, time,
 * network address), and the seller's mail queued in the same transaction. A second request is
 * refused, whatever the first one's state (decision 096): the first acceptance is never overwritten.
 */
export async function requestAccess(ctx: SignedInContext, input: AccessRequestInput): Promise<{ status: AccessStatus }> {
  // Independent reads together (decision 079): the listing, an earlier request and the buyer's name.
  const [listing, earlier, [profile]] = await Promise.all([
    requestableListing(ctx.db, input.listingId, ctx.user.id),
    myRequest(ctx.db, ctx.user.id, input.listingId),
    ctx.db.select({ fullName: profiles.fullName, companyName: profiles.companyName }).from(profiles).where(eq(profiles.id, ctx.user.id)),
  ]);
  if (earlier) throw new TRPCError({ code: 'CONFLICT', message: earlier.status === 'pending' || earlier.status === 'granted' ? texts.alreadyRequested : texts.answered });
  await enforceLimit(ctx, RATE_LIMITS.accessRequestsPerUser);
  const now = new Date();
  const buyer = personDisplayName({ ...profile, email: ctx.user.email }) ?? ctx.user.email;
  let mailId: string | null;
  try {
    mailId = await ctx.db.transaction(async (tx) => {
      await tx.insert(accessRequests).values({
        id: crypto.randomUUID(),
        listingId: listing.id,
        buyerId: ctx.user.id,
        message: input.message ?? null,
        ndaVersion: nda.version,
        ndaAcceptedAt: now,
        ndaAcceptedFrom: ctx.ip.slice(0, ADDRESS_MAX),
        // Who agreed, as named then: the record outlives the account (decision 100).
        ndaName: ndaName({ ...profile, email: ctx.user.email }),
        ndaEmail: ctx.user.email,
        createdAt: now,
      });
      const to = await emailOf(tx, listing.ownerId);
      if (!to) return null;
      const link = myListingsLink(ctx.config.appUrl);
      return enqueueMail(tx, { kind: 'access_request', to, subject: accessMail.requestSubject(listing.title), text: accessMail.requestText(vippsTexts.named(`${buyer} <${ctx.user.email}>`, listing.buyerVerified === 1), listing.title, input.message ?? null, link), links: [link] }, now);
    });
  } catch (error) {
    // Two tabs sending at once: the unique key keeps one row, the other is told it exists.
    if (isDuplicateKey(error)) throw new TRPCError({ code: 'CONFLICT', message: texts.alreadyRequested });
    throw error;
  }
  await Promise.all([deliverNow(ctx, [mailId]), publishAccessChanged(ctx, listing.ownerId, ctx.user.id)]);
  return { status: 'pending' };
}
