import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import type { ListingSubmit } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { wizard as texts } from '@bedriftstorget/core/texts/seller';
import type { Context } from '../context';
import { affectedRows, type Database } from '../db/client';
import { firstImages } from '../listing/cards';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { ADMIN_CHANNEL } from '../realtime/channels';

type SignedIn = Context & { user: { id: string; email: string } };
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });

/** The listing if the caller owns it; ownership is part of the query itself (DESIGN §7). */
async function ownListing(db: Database | Tx, userId: string, id: string) {
  const [row] = await db.select().from(listings).where(and(eq(listings.id, id), eq(listings.ownerId, userId)));
  return row ?? null;
}

/**
 * Attaches the images in the given order: uploads made by this user for this listing and checked
 * (verified), or images the listing already has. Anything else refuses the whole save.
 */
async function attachImages(tx: Tx, ctx: SignedIn, listingId: string, refs: ListingSubmit['images']): Promise<string[]> {
  const userId = ctx.user.id;
  const uploadIds = refs.flatMap((r) => ('uploadId' in r ? [r.uploadId] : []));
  const imageIds = refs.flatMap((r) => ('imageId' in r ? [r.imageId] : []));
  const found = uploadIds.length
    ? await tx.select().from(uploads).where(and(inArray(uploads.id, uploadIds), eq(uploads.userId, userId), eq(uploads.listingId, listingId), eq(uploads.status, 'verified'), isNull(uploads.attachedAt)))
    : [];
  const kept = imageIds.length ? await tx.select().from(listingImages).where(and(inArray(listingImages.id, imageIds), eq(listingImages.listingId, listingId))) : [];
  if (found.length !== new Set(uploadIds).size || kept.length !== new Set(imageIds).size) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Et av bildene finnes ikke lenger. Last det opp på nytt.' });
  }
  // Images the seller removed go; their objects are deleted after the transaction.
  const removed = await tx.select({ id: listingImages.id, storageKey: listingImages.storageKey }).from(listingImages).where(eq(listingImages.listingId, listingId));
  const removedKeys = removed.filter((image) => !imageIds.includes(image.id)).flatMap((image) => (image.storageKey ? [image.storageKey] : []));
  await tx.delete(listingImages).where(eq(listingImages.listingId, listingId));
  const byUpload = new Map(found.map((u) => [u.id, u]));
  const byImage = new Map(kept.map((i) => [i.id, i]));
  await tx.insert(listingImages).values(
    refs.map((ref, displayOrder) => {
      if ('uploadId' in ref) {
        const upload = byUpload.get(ref.uploadId)!;
        return { listingId, imageUrl: ctx.storage.publicUrl(upload.storageKey), storageKey: upload.storageKey, displayOrder };
      }
      const image = byImage.get(ref.imageId)!;
      return { listingId, imageUrl: image.imageUrl, storageKey: image.storageKey, displayOrder };
    }),
  );
  if (uploadIds.length) await tx.update(uploads).set({ attachedAt: new Date() }).where(inArray(uploads.id, uploadIds));
  return removedKeys;
}

/**
 * Creates the listing (pending) with its images in one transaction. The profile row is locked
 * first, so concurrent submits of one user are counted one after another against max_listings;
 * the client's id makes a retried or double submit return the same listing.
 */
export async function createListing(ctx: SignedIn, input: ListingSubmit): Promise<{ id: string; created: boolean }> {
  const result = await ctx.db.transaction(async (tx) => {
    const [profile] = await tx.select({ maxListings: profiles.maxListings }).from(profiles).where(eq(profiles.id, ctx.user.id)).for('update');
    const [existing] = await tx.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, input.id));
    if (existing) {
      if (existing.ownerId !== ctx.user.id) throw new TRPCError({ code: 'CONFLICT', message: texts.createFailed });
      return { created: false };
    }
    const max = profile?.maxListings ?? 3;
    const [owned] = await tx.select({ n: count() }).from(listings).where(eq(listings.ownerId, ctx.user.id));
    if ((owned?.n ?? 0) >= max) throw new TRPCError({ code: 'FORBIDDEN', message: texts.quotaText(max), cause: { quota: max } });
    await tx.insert(listings).values({ id: input.id, ownerId: ctx.user.id, status: 'pending', ...input.fields });
    await attachImages(tx, ctx, input.id, input.images);
    return { created: true };
  });
  if (result.created) {
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
    const backToReview = listing.status === 'active' || listing.status === 'rejected';
    const nextStatus = backToReview ? 'pending' : listing.status;
    await tx
      .update(listings)
      .set({ ...input.fields, status: nextStatus, reviewAlertedAt: backToReview ? null : listing.reviewAlertedAt })
      .where(and(eq(listings.id, input.id), eq(listings.ownerId, ctx.user.id)));
    const keys = await attachImages(tx, ctx, input.id, input.images);
    return { status: nextStatus, removedKeys: keys };
  });
  await Promise.all(removedKeys.map((key) => ctx.storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error))));
  if (status === 'pending') await ctx.realtime.publish(ADMIN_CHANNEL, { type: 'listings.submitted', data: { id: input.id } });
  return { id: input.id, status };
}

export async function listingForEdit(ctx: SignedIn, id: string) {
  const listing = await ownListing(ctx.db, ctx.user.id, id);
  if (!listing) throw notFound();
  const images = await ctx.db
    .select({ id: listingImages.id, url: listingImages.imageUrl })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.displayOrder));
  const { ownerId: _owner, isPublic: _public, reviewAlertedAt: _alert, createdAt, updatedAt: _updated, publishedAt: _published, ...fields } = listing;
  return { ...fields, createdAt: createdAt.toISOString(), images };
}

export async function myListings(ctx: SignedIn) {
  const rows = await ctx.db
    .select({ id: listings.id, title: listings.title, status: listings.status, industry: listings.industry, location: listings.location, price: listings.price, views: listings.views, leadsCount: listings.leadsCount, createdAt: listings.createdAt })
    .from(listings)
    .where(eq(listings.ownerId, ctx.user.id))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  const images = await firstImages(ctx.db, rows.map((r) => r.id));
  const [profile] = await ctx.db.select({ maxListings: profiles.maxListings }).from(profiles).where(eq(profiles.id, ctx.user.id));
  return {
    maxListings: profile?.maxListings ?? 3,
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), imageUrl: images.get(row.id) ?? null })),
  };
}

/** Deletes the caller's own listing; its images' objects go after the rows. Conversations stay. */
export async function deleteListing(ctx: SignedIn, id: string): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    const listing = await ownListing(tx, ctx.user.id, id);
    if (!listing) throw notFound();
    const images = await tx.select({ storageKey: listingImages.storageKey }).from(listingImages).where(eq(listingImages.listingId, id));
    await tx.delete(listings).where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id)));
    await tx.delete(uploads).where(and(eq(uploads.listingId, id), eq(uploads.userId, ctx.user.id)));
    return images.flatMap((image) => (image.storageKey ? [image.storageKey] : []));
  });
  await Promise.all(keys.map((key) => ctx.storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error))));
}

/** The seller marks an own published listing as sold. */
export async function markSold(ctx: SignedIn, id: string): Promise<void> {
  const result = await ctx.db
    .update(listings)
    .set({ status: 'sold' })
    .where(and(eq(listings.id, id), eq(listings.ownerId, ctx.user.id), eq(listings.status, 'active')));
  if (affectedRows(result) !== 1) throw notFound();
}

