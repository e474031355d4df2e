import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ListingSubmit } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, uploads } from '@bedriftstorget/core/listing/listing.sql';
import type { RevisionImage } from '@bedriftstorget/core/listing/revision.sql';
import { wizard as texts } from '@bedriftstorget/core/texts/seller';
import type { Context } from '../context';
import { affectedRows, type Database } from '../db/client';

export type SignedIn = Context & { user: { id: string; email: string } };
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const keysOf = (images: RevisionImage[]) => new Set(images.flatMap((image) => (image.storageKey ? [image.storageKey] : [])));

/** The listing's (public) images in order, as a revision holds them. */
export async function currentImages(tx: Tx | Database, listingId: string): Promise<RevisionImage[]> {
  return tx
    .select({ id: listingImages.id, imageUrl: listingImages.imageUrl, storageKey: listingImages.storageKey })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(asc(listingImages.displayOrder), asc(listingImages.createdAt));
}

/**
 * The images a save asks for, in order: uploads made by this user for this listing and checked
 * (verified), or images it already has (`known`: the listing's, and its pending revision's).
 * Idempotent: an upload attached by an earlier save of the same form counts as the image it
 * became (same id), so a retried save gives the same images. Anything else refuses the whole save.
 * Returns the images and the uploads attached for the first time (marked attached here).
 */
export async function resolveImages(tx: Tx, ctx: SignedIn, listingId: string, refs: ListingSubmit['images'], known: RevisionImage[]) {
  const found = await readUploads(tx, ctx, listingId, refs);
  const { images, fresh } = imagesFrom(ctx, refs, known, found);
  if (fresh.length) await tx.update(uploads).set({ attachedAt: new Date() }).where(inArray(uploads.id, fresh.map((u) => u.id)));
  // Raw uploads go after the commit: a re-post with the same presigned fields after the check lands there.
  return { images, rawKeys: fresh.map((u) => u.storageKey) };
}

type Upload = typeof uploads.$inferSelect;

/** The checked uploads of this user for this listing that the form names. */
export async function readUploads(db: Tx | Database, ctx: SignedIn, listingId: string, refs: ListingSubmit['images']): Promise<Upload[]> {
  const uploadIds = refs.flatMap((r) => ('uploadId' in r ? [r.uploadId] : []));
  return uploadIds.length
    ? db.select().from(uploads).where(and(inArray(uploads.id, uploadIds), eq(uploads.userId, ctx.user.id), eq(uploads.listingId, listingId), eq(uploads.status, 'verified')))
    : [];
}

/**
 * A new listing's uploads, marked attached inside its transaction after they were read before it
 * (decision 092): only while each is still unattached, else the whole submit is refused as before.
 */
export async function markNewUploads(tx: Tx, fresh: Upload[]): Promise<void> {
  if (fresh.length === 0) return;
  const result = await tx.update(uploads).set({ attachedAt: new Date() }).where(and(inArray(uploads.id, fresh.map((u) => u.id)), isNull(uploads.attachedAt), eq(uploads.status, 'verified')));
  if (affectedRows(result) !== fresh.length) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.imageGone });
}

/** The images the form asks for, from the uploads read and the images known; refuses the save when one is gone. */
export function imagesFrom(ctx: SignedIn, refs: ListingSubmit['images'], known: RevisionImage[], found: Upload[]): { images: RevisionImage[]; fresh: Upload[] } {
  const byUpload = new Map(found.map((u) => [u.id, u]));
  const byImage = new Map(known.map((i) => [i.id, i]));
  const byKey = new Map(known.flatMap((i) => (i.storageKey ? [[i.storageKey, i] as const] : [])));
  const gone = () => new TRPCError({ code: 'BAD_REQUEST', message: texts.imageGone });
  const wanted = refs.map((ref): RevisionImage => {
    if ('imageId' in ref) {
      const image = byImage.get(ref.imageId);
      if (!image) throw gone();
      return image;
    }
    const upload = byUpload.get(ref.uploadId);
    const key = upload?.finalKey;
    // Attached before: only while it is still one of the known images (a removed one is deleted).
    if (!upload || !key || (upload.attachedAt && !byKey.has(key))) throw gone();
    return byKey.get(key) ?? { id: crypto.randomUUID(), imageUrl: ctx.storage.publicUrl(key), storageKey: key };
  });
  // The same image twice (an upload and the image it became) is kept once, at its first place.
  const seen = new Set<string>();
  const images = wanted.filter((image) => {
    const identity = image.storageKey ?? image.imageUrl;
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
  return { images, fresh: found.filter((u) => !u.attachedAt) };
}

/** Makes `images` the listing's images (ids kept, so the wizard's references stay valid). */
export async function replaceImages(tx: Tx, listingId: string, images: RevisionImage[], isNew = false): Promise<void> {
  // A listing inserted in this transaction has no images to remove (one round trip less, decision 078).
  if (!isNew) await tx.delete(listingImages).where(eq(listingImages.listingId, listingId));
  if (images.length) await tx.insert(listingImages).values(images.map((image, displayOrder) => ({ ...image, listingId, displayOrder })));
}

/** Keys in `before` that none of `still` holds: the objects to delete once the transaction is committed. */
export function droppedKeys(before: RevisionImage[], ...still: RevisionImage[][]): string[] {
  const kept = new Set(still.flatMap((images) => [...keysOf(images)]));
  return [...keysOf(before)].filter((key) => !kept.has(key));
}

/**
 * The in-place save (a listing never published, or a new one: `isNew`, which has no images to read
 * or remove): the listing's images become the form's.
 */
export async function attachImages(
  tx: Tx, ctx: SignedIn, listingId: string, refs: ListingSubmit['images'], { alsoKnown = [], isNew = false }: { alsoKnown?: RevisionImage[]; isNew?: boolean } = {},
): Promise<string[]> {
  const current = isNew ? [] : await currentImages(tx, listingId);
  const { images, rawKeys } = await resolveImages(tx, ctx, listingId, refs, [...current, ...alsoKnown]);
  await replaceImages(tx, listingId, images, isNew);
  return [...droppedKeys([...current, ...alsoKnown], images), ...rawKeys];
}
