import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import type { ListingSubmit } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { wizard as texts } from '@bedriftstorget/core/texts/seller';
import type { Context } from '../context';
import { affectedRows, type Database } from '../db/client';
import { firstImages } from '../listing/cards';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { editColumns } from '../listing/fields';
import { addNewListingTerms, removeListingTerms, syncListingTerms } from '../listing/search';
import { ADMIN_CHANNEL } from '../realtime/channels';
import { lockProfile, readQuota, refuseUnlessRoom, roomForNew } from './quota';

type SignedIn = Context & { user: { id: string; email: string } };
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** After the rows: a failed delete leaves an unreferenced object, never a row pointing at nothing. */
async function deleteObjects(ctx: Context, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error))));
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

/** The listing if the caller owns it; ownership is part of the query itself (docs/architecture.md, 'Security'). */
async function ownListing(db: Database | Tx, userId: string, id: string) {
  const [row] = await db.select().from(listings).where(and(eq(listings.id, id), eq(listings.ownerId, userId)));
  return row ?? null;
}

/**
 * Sets the listing's images to the given order: uploads made by this user for this listing and
 * checked (verified), or images the listing already has. Idempotent: an upload attached by an
 * earlier save of the same form counts as the image it became, so a retried save gives the same
 * rows. Anything else refuses the whole save. Returns the keys to delete after the transaction:
 * images the seller removed and the raw uploads just attached.
 */
async function attachImages(tx: Tx, ctx: SignedIn, listingId: string, refs: ListingSubmit['images'], isNew = false): Promise<string[]> {
  const userId = ctx.user.id;
  const uploadIds = refs.flatMap((r) => ('uploadId' in r ? [r.uploadId] : []));
  const found = uploadIds.length
    ? await tx.select().from(uploads).where(and(inArray(uploads.id, uploadIds), eq(uploads.userId, userId), eq(uploads.listingId, listingId), eq(uploads.status, 'verified')))
    : [];
  // A listing inserted in this transaction has no images to read or remove.
  const current = isNew ? [] : await tx.select().from(listingImages).where(eq(listingImages.listingId, listingId));
  const byUpload = new Map(found.map((u) => [u.id, u]));
  const byImage = new Map(current.map((i) => [i.id, i]));
  const currentKeys = new Set(current.flatMap((i) => (i.storageKey ? [i.storageKey] : [])));
  const gone = () => new TRPCError({ code: 'BAD_REQUEST', message: texts.imageGone });
  const wanted = refs.map((ref) => {
    if ('imageId' in ref) {
      const image = byImage.get(ref.imageId);
      if (!image) throw gone();
      return { imageUrl: image.imageUrl, storageKey: image.storageKey };
    }
    const upload = byUpload.get(ref.uploadId);
    const key = upload?.finalKey;
    // Attached before: only while it is still one of this listing's images (a removed one is deleted).
    if (!upload || !key || (upload.attachedAt && !currentKeys.has(key))) throw gone();
    return { imageUrl: ctx.storage.publicUrl(key), storageKey: key };
  });
  // The same image twice (an upload and the image it became) is kept once, at its first place.
  const seen = new Set<string>();
  const unique = wanted.filter((image) => {
    const identity = image.storageKey ?? image.imageUrl;
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
  const keptKeys = new Set(unique.flatMap((image) => (image.storageKey ? [image.storageKey] : [])));
  if (!isNew) await tx.delete(listingImages).where(eq(listingImages.listingId, listingId));
  await tx.insert(listingImages).values(unique.map((image, displayOrder) => ({ listingId, ...image, displayOrder })));
  const fresh = found.filter((u) => !u.attachedAt);
  if (fresh.length) await tx.update(uploads).set({ attachedAt: new Date() }).where(inArray(uploads.id, fresh.map((u) => u.id)));
  // Raw uploads go again: a re-post with the same presigned fields after the check lands there.
  return [...[...currentKeys].filter((key) => !keptKeys.has(key)), ...fresh.map((u) => u.storageKey)];
}

/**
 * Creates the listing (pending) with its images in one transaction, within the owner's quota
 * (quota.ts, which locks the profile row first); the client's id makes a retried or double submit
 * return the same listing.
 */
export async function createListing(ctx: SignedIn, input: ListingSubmit): Promise<{ id: string; created: boolean }> {
  const result = await ctx.db.transaction(async (tx) => {
    // The profile row first (quota.ts), then what the submit checks in one read, then the writes
    // without reading back what this transaction wrote (decision 078).
    const grant = await lockProfile(tx, ctx.user.id);
    const { quota, existingOwner } = await roomForNew(tx, ctx.user.id, input.id, grant);
    if (existingOwner) {
      if (existingOwner !== ctx.user.id) throw new TRPCError({ code: 'CONFLICT', message: texts.createFailed });
      return { created: false, keys: [] };
    }
    refuseUnlessRoom(quota);
    const row = { id: input.id, ownerId: ctx.user.id, status: 'pending' as const, submittedAt: new Date(), ...input.fields };
    await tx.insert(listings).values(row);
    await addNewListingTerms(tx, row);
    return { created: true, keys: await attachImages(tx, ctx, input.id, input.images, true) };
  });
  if (result.created) {
    await deleteObjects(ctx, result.keys);
    await ctx.db.update(draftReminders).set({ cancelledAt: new Date() }).where(and(eq(draftReminders.email, ctx.user.email), isNull(draftReminders.sentAt), isNull(draftReminders.cancelledAt)));
    await ctx.realtime.publish(ADMIN_CHANNEL, { type: 'listings.submitted', data: { id: input.id } });
  }
  return { id: input.id, created: result.created };
}

/**
 * Saves an edit of the caller's own listing. A published (or rejected) listing goes back to
 * review; the UI says so before saving.
 */
export async function updateListing(ctx: SignedIn, input: ListingSubmit): Promise<{ id: string; status: string }> {
  const { status, removedKeys } = await ctx.db.transaction(async (tx) => {
    const listing = await ownListing(tx, ctx.user.id, input.id);
    if (!listing) throw notFound();
    // An expired listing edited before renewal is new content too: it goes to review (decision 045).
    const backToReview = listing.status === 'active' || listing.status === 'rejected' || listing.status === 'expired';
    const nextStatus = backToReview ? 'pending' : listing.status;
    // Every save that leaves it pending is a (re-)submission: the review clock and the alert start again.
    const resubmitted = nextStatus === 'pending' ? { submittedAt: new Date(), reviewAlertedAt: null } : {};
    await tx
      .update(listings)
      .set({ ...input.fields, status: nextStatus, ...resubmitted })
      .where(and(eq(listings.id, input.id), eq(listings.ownerId, ctx.user.id)));
    await syncListingTerms(tx, [input.id]);
    const keys = await attachImages(tx, ctx, input.id, input.images);
    return { status: nextStatus, removedKeys: keys };
  });
  await deleteObjects(ctx, removedKeys);
  if (status === 'pending') await ctx.realtime.publish(ADMIN_CHANNEL, { type: 'listings.submitted', data: { id: input.id } });
  return { id: input.id, status };
}

/** The wizard's form of an own listing: editColumns only (decision 061), never the lifecycle's bookkeeping. */
export async function listingForEdit(ctx: SignedIn, id: string) {
  const [listing] = await ctx.db.select(editColumns).from(listings).where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id)));
  if (!listing) throw notFound();
  const images = await ctx.db
    .select({ id: listingImages.id, url: listingImages.imageUrl })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.displayOrder));
  return { ...listing, createdAt: listing.createdAt.toISOString(), images };
}

export async function myListings(ctx: SignedIn) {
  const rows = await ctx.db
    .select({ id: listings.id, title: listings.title, status: listings.status, industry: listings.industry, location: listings.location, price: listings.price, views: listings.views, leadsCount: listings.leadsCount, createdAt: listings.createdAt, underOfferAt: listings.underOfferAt, expiresAt: listings.expiresAt })
    .from(listings)
    .where(eq(listings.ownerId, ctx.user.id))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  const images = await firstImages(ctx.db, rows.map((r) => r.id));
  const quota = await readQuota(ctx.db, ctx.user.id);
  return {
    maxListings: quota.max,
    /** Listings holding a place in the quota: the same count a submit is refused by. */
    quotaUsed: quota.used,
    items: rows.map(({ underOfferAt, expiresAt, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      underOffer: underOfferAt !== null,
      expiresAt: expiresAt?.toISOString() ?? null,
      imageUrl: images.get(row.id) ?? null,
    })),
  };
}

/** Deletes the caller's own listing; its images' objects go after the rows. Conversations stay. */
export async function deleteListing(ctx: SignedIn, id: string): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    const listing = await ownListing(tx, ctx.user.id, id);
    if (!listing) throw notFound();
    const images = await tx.select({ storageKey: listingImages.storageKey }).from(listingImages).where(eq(listingImages.listingId, id));
    await removeListingTerms(tx, [id]);
    await tx.delete(listings).where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id)));
    await tx.delete(uploads).where(and(eq(uploads.listingId, id), eq(uploads.userId, ctx.user.id)));
    return images.flatMap((image) => (image.storageKey ? [image.storageKey] : []));
  });
  await deleteObjects(ctx, keys);
}

/** The seller marks an own published listing as sold. */
export async function markSold(ctx: SignedIn, id: string): Promise<void> {
  const result = await ctx.db
    .update(listings)
    .set({ status: 'sold', underOfferAt: null })
    .where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id), eq(listings.status, 'active')));
  if (affectedRows(result) !== 1) throw notFound();
}

