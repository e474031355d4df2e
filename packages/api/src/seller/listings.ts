import { announceClosed, closeStandingOffers } from '../offers/close';
import { dropOpenOffers } from '../offers/records';
import { TRPCError } from '@trpc/server';
import { documentKeysOf } from '../data-room/cleanup';
import { removeDocumentObjects } from '../data-room/documents';
import { and, asc, desc, eq } from 'drizzle-orm';
import { storedFields, type ListingSubmit } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import type { Context } from '../context';
import { affectedRows, type Database } from '../db/client';
import { attachImages, type SignedIn, type Tx } from './listing-images';
import { isRevised } from '@bedriftstorget/core/listing/enums';
import { discardRevision, lastRejectedRevisions, pendingRevision, pendingRevisions, saveRevision } from './revisions';
import { rejectDialog } from '@bedriftstorget/core/texts/admin';
import { reportDialog } from '@bedriftstorget/core/texts/share';
import type { ReportReason } from '@bedriftstorget/core/report/enums';
import { firstImages } from '../listing/cards';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { nextContentVersion, nextContentVersionOnly } from '../listing/content-version';
import { editColumns } from '../listing/fields';
import { removeListingTerms, syncListingTerms } from '../listing/search';
import { ADMIN_CHANNEL } from '../realtime/channels';
import { planOf, readQuota } from './quota';
import { latestQuotaRequest } from './quota-requests';
import { verifyCompany } from '../company/registry';
import { keepSellersAnonymous } from '../message/anonymous-sellers';
import { queueReviewReceipt } from './review-receipt';
import { readSettings } from '../settings/settings';
import { deliverNow } from '../mail/deliver';

/** After the rows: a failed delete leaves an unreferenced object, never a row pointing at nothing. */
export async function deleteObjects(ctx: Context, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error))));
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

/** The listing if the caller owns it; ownership is part of the query itself (docs/architecture.md, 'Security'). */
async function ownListing(db: Database | Tx, userId: string, id: string) {
  const [row] = await db.select().from(listings).where(and(eq(listings.id, id), eq(listings.ownerId, userId)));
  return row ?? null;
}

/**
 * Saves an edit of the caller's own listing (decision 086). A listing whose text was approved
 * (active, under offer, sold, expired, …) keeps it public: the edit becomes its pending revision.
 * One never approved (pending, rejected) is edited in place and goes (back) to review. The
 * listing's row is locked first, so two saves of one listing, or a save and a review, queue.
 */
export async function updateListing(ctx: SignedIn, submitted: ListingSubmit): Promise<{ id: string; status: string; revision: boolean }> {
  const input = { ...submitted, fields: storedFields(submitted.fields) };
  if (input.fields.orgnr) await verifyCompany(ctx, input.fields.orgnr);
  const promiseHours = (await readSettings(ctx.db)).reviewPromiseHours;
  const { status, revision, removedKeys, receiptId } = await ctx.db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ status: listings.status })
      .from(listings)
      .where(and(eq(listings.id, input.id), eq(listings.ownerId, ctx.user.id)))
      .for('update');
    if (!listing) throw notFound();
    if (isRevised(listing.status)) {
      // Hiding the company cannot wait for review (decision 095); showing it again can.
      // Its town leaves the search index with it (decision 099): the terms follow the flag in this transaction.
      // A new revision is a new version too: staff's approval of the one before is refused (decision 106).
      // So is the seller's requirement of verified buyers, either way (decision 130): who may ask is the seller's choice, not content staff judge.
      const now = { verifiedBuyersOnly: input.fields.verifiedBuyersOnly };
      await tx.update(listings).set(input.fields.confidential ? { confidential: true, ...now, ...nextContentVersion() } : { ...now, ...nextContentVersionOnly() }).where(eq(listings.id, input.id));
      if (input.fields.confidential) await syncListingTerms(tx, [input.id]);
      const revisionKeys = await saveRevision(tx, ctx, input);
      const revisionReceipt = await queueReviewReceipt(tx, ctx, { title: input.fields.title, revision: true }, promiseHours);
      return { status: listing.status, revision: true, removedKeys: revisionKeys, receiptId: revisionReceipt };
    }
    // Every in-place save is a (re-)submission: the review clock and the alert start again.
    await tx
      .update(listings)
      .set({ ...input.fields, status: 'pending', submittedAt: new Date(), reviewAlertedAt: null, ...nextContentVersion() })
      .where(and(eq(listings.id, input.id), eq(listings.ownerId, ctx.user.id)));
    await syncListingTerms(tx, [input.id]);
    // A revision left from before an admin sent the listing back to review: this save supersedes it.
    const superseded = await discardRevision(tx, input.id);
    const removed = await attachImages(tx, ctx, input.id, input.images, { alsoKnown: superseded });
    const receipt = await queueReviewReceipt(tx, ctx, { title: input.fields.title, revision: false }, promiseHours);
    return { status: 'pending' as const, revision: false, removedKeys: removed, receiptId: receipt };
  });
  // Every save is a submit for review, so each one is answered by a receipt (decision 146).
  await Promise.all([deleteObjects(ctx, removedKeys), deliverNow(ctx, [receiptId])]);
  await ctx.realtime.publish(ADMIN_CHANNEL, { type: 'listings.submitted', data: { id: input.id } });
  return { id: input.id, status, revision };
}

/**
 * The wizard's form of an own listing: editColumns only (decision 061), never the lifecycle's
 * bookkeeping. With a pending revision the seller sees (and edits on from) their own version.
 */
export async function listingForEdit(ctx: SignedIn, id: string) {
  const [listing] = await ctx.db.select(editColumns).from(listings).where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id)));
  if (!listing) throw notFound();
  const revision = await pendingRevision(ctx.db, id);
  const images = revision
    ? revision.images.map((image) => ({ id: image.id, url: image.imageUrl }))
    : await ctx.db
        .select({ id: listingImages.id, url: listingImages.imageUrl })
        .from(listingImages)
        .where(eq(listingImages.listingId, id))
        .orderBy(asc(listingImages.displayOrder));
  return { ...listing, ...revision?.fields, createdAt: listing.createdAt.toISOString(), images, pendingRevision: revision !== null };
}

export async function myListings(ctx: SignedIn) {
  const rows = await ctx.db
    .select({ id: listings.id, title: listings.title, status: listings.status, industry: listings.industry, location: listings.location, price: listings.price, views: listings.views, leadsCount: listings.leadsCount, createdAt: listings.createdAt, underOfferAt: listings.underOfferAt, expiresAt: listings.expiresAt, rejectReason: listings.rejectReason, rejectNote: listings.rejectNote, inactiveReason: listings.inactiveReason, inactiveNote: listings.inactiveNote })
    .from(listings)
    .where(eq(listings.ownerId, ctx.user.id))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  const ids = rows.map((r) => r.id);
  const [images, revisions, rejectedRevisions] = await Promise.all([firstImages(ctx.db, ids), pendingRevisions(ctx.db, ids), lastRejectedRevisions(ctx.db, ids)]);
  const [quota, plan, quotaRequest] = await Promise.all([readQuota(ctx.db, ctx.user.id), planOf(ctx.db, ctx.user.id), latestQuotaRequest(ctx.db, ctx.user.id)]);
  return {
    maxListings: quota.max,
    /** The account's plan and its latest 'Be om flere annonser' (decision 141): the quota gate says where the seller stands. */
    plan,
    quotaRequest,
    /** Listings holding a place in the quota: the same count a submit is refused by. */
    quotaUsed: quota.used,
    items: rows.map(({ underOfferAt, expiresAt, rejectReason, rejectNote, inactiveReason, inactiveNote, ...row }) => {
      // The card shows the live, public version; a pending edit waits beside it ('Endringer venter godkjenning').
      const revision = revisions.get(row.id);
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        underOffer: underOfferAt !== null,
        expiresAt: expiresAt?.toISOString() ?? null,
        imageUrl: images.get(row.id) ?? null,
        pendingRevision: revision !== undefined,
        revision: revision ? { title: revision.fields.title, location: revision.fields.location, price: revision.fields.price } : null,
        rejection: sellerRejection(row.status === 'rejected' && rejectReason ? { reason: rejectReason, note: rejectNote } : isRevised(row.status) ? rejectedRevisions.get(row.id) : undefined),
        deactivation: row.status === 'inactive' ? sellerDeactivation(inactiveReason, inactiveNote) : null,
      };
    }),
  };
}

/** Why staff deactivated the listing: the report's subject in words and staff's note (both null for one deactivated before they were kept; decision 140). */
function sellerDeactivation(reason: string | null, note: string | null) {
  return { reason: reason ? (reportDialog.reasons[reason as ReportReason] ?? null) : null, note };
}

/** Staff's reason in the seller's words (the reject dialog's labels) and their note, or null (decision 087). */
function sellerRejection(rejection: { reason: string | null; note: string | null } | undefined) {
  return rejection ? { reason: rejectDialog.reasons[rejection.reason ?? 'other'] ?? rejectDialog.reasons.other!, note: rejection.note } : null;
}

/** Deletes the caller's own listing; its images' objects go after the rows. Conversations stay. */
export async function deleteListing(ctx: SignedIn, id: string): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    const listing = await ownListing(tx, ctx.user.id, id);
    if (!listing) throw notFound();
    const images = [...(await tx.select({ storageKey: listingImages.storageKey }).from(listingImages).where(eq(listingImages.listingId, id))), ...((await pendingRevision(tx, id))?.images ?? [])];
    // The data room's PDFs go with the listing (their rows by cascade, their objects after the commit).
    const documents = await documentKeysOf(tx, [id]);
    await keepSellersAnonymous(tx, [id]);
    // Offers that never became a deal go with it; an accepted one keeps its LOI for both (decision 122).
    await dropOpenOffers(tx, [id]);
    await removeListingTerms(tx, [id]);
    await tx.delete(listings).where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id)));
    await tx.delete(uploads).where(and(eq(uploads.listingId, id), eq(uploads.userId, ctx.user.id)));
    return { images: [...new Set(images.flatMap((image) => (image.storageKey ? [image.storageKey] : [])))], documents };
  });
  await deleteObjects(ctx, keys.images);
  await removeDocumentObjects(ctx, keys.documents);
}

/** The seller marks an own published listing as sold, with the deal's final price when given (private). */
export async function markSold(ctx: SignedIn, id: string, soldPrice: number | null = null): Promise<void> {
  // The listing's row first, then its standing offers, closed in the same transaction (decision 128).
  const closed = await ctx.db.transaction(async (tx) => {
    const result = await tx
      .update(listings)
      .set({ status: 'sold', underOfferAt: null, soldPrice })
      .where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id), eq(listings.status, 'active')));
    if (affectedRows(result) !== 1) throw notFound();
    return closeStandingOffers(tx, ctx.config.appUrl, { listingIds: [id] }, 'sold', new Date());
  });
  await announceClosed(ctx, closed);
}

