import { TRPCError } from '@trpc/server';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import { listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { UPLOAD_PREFIX } from '@bedriftstorget/core/listing/image-variants';
import { MAX_IMAGES } from '@bedriftstorget/core/listing/form-schema';
import { images as texts } from '@bedriftstorget/core/texts/seller';
import type { Context, Services } from '../context';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { affectedRows } from '../db/client';
import { encodeListingImage, NotAnImageError, storeListingImage, type ImageType } from './image-pipeline';

/** After the browser's resize a photo is well under this; the presigned policy enforces it in S3. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const imageTypes = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const satisfies Record<ImageType, string>;
export type { ImageType };

/** The listing must be the caller's, or not exist yet (the wizard picks its id before submitting). */
async function assertCanAddImagesTo(ctx: Context & { user: { id: string } }, listingId: string): Promise<void> {
  const [listing] = await ctx.db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, listingId));
  if (listing && listing.ownerId !== ctx.user.id) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
}

/**
 * Grants one upload: a key under the user's own prefix, `uploads/{userId}/{listingId}_{timestamp}_{index}.{ext}`,
 * and a presigned POST for exactly that key, type and size cap. At most 5 uploads per listing may
 * wait to be attached: a removed one ('✕' in the wizard, removeUpload) is deleted at once and frees
 * its place. The listing's attached images are not counted here: a save refuses more than five in
 * all (listingSubmitSchema), and a seller replacing an image must be able to upload the new one
 * before the save that drops the old one.
 */
export async function presignUpload(ctx: Context & { user: { id: string } }, input: { listingId: string; contentType: ImageType; index: number }) {
  await assertCanAddImagesTo(ctx, input.listingId);
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, ctx.user.id), eq(uploads.listingId, input.listingId), isNull(uploads.attachedAt)));
  if ((waiting?.n ?? 0) >= MAX_IMAGES) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tooManyText });
  const key = `${UPLOAD_PREFIX}${ctx.user.id}/${input.listingId}_${Date.now()}_${input.index}.${imageTypes[input.contentType]}`;
  const post = await ctx.storage.presignPost(key, input.contentType, MAX_IMAGE_BYTES);
  const [created] = await ctx.db.insert(uploads).values({ userId: ctx.user.id, listingId: input.listingId, storageKey: key, contentType: input.contentType }).$returningId();
  return { uploadId: created!.id, url: post.url, fields: post.fields, maxBytes: MAX_IMAGE_BYTES };
}

/**
 * The wizard's '✕' on a picture not yet saved with the listing: the upload and its objects go now,
 * not with the daily clean-up, so its place is free for the next pick. Only the caller's own,
 * unattached uploads; anything else (someone else's, attached, gone already) is left as it is and
 * answered the same, so a retried removal is harmless.
 */
export async function removeUpload(ctx: Context & { user: { id: string } }, uploadId: string): Promise<void> {
  const [upload] = await ctx.db
    .select({ id: uploads.id, storageKey: uploads.storageKey, finalKey: uploads.finalKey })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, ctx.user.id), isNull(uploads.attachedAt)));
  if (!upload) return;
  // The row first, conditionally: a save attaching it at the same moment keeps it and its objects.
  if (affectedRows(await ctx.db.delete(uploads).where(and(eq(uploads.id, upload.id), isNull(uploads.attachedAt)))) !== 1) return;
  for (const key of [upload.storageKey, upload.finalKey]) {
    if (key) await ctx.storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error));
  }
}

async function discard(ctx: Services, upload: { id: string; storageKey: string; finalKey?: string | null }): Promise<void> {
  for (const key of [upload.storageKey, upload.finalKey]) {
    if (key) await ctx.storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error));
  }
  await ctx.db.delete(uploads).where(eq(uploads.id, upload.id));
}

/**
 * Checks what arrived, from the stored bytes: the size (S3 enforces the policy, and so does the
 * local `/s3/` endpoint), then a full decode and re-encode into final keys the browser can never
 * write (image-pipeline.ts). The raw upload is then deleted, so re-posting to it later changes
 * nothing that is attached. Anything that is not a sane image is deleted and refused.
 */
export async function confirmUpload(ctx: Context & { user: { id: string } }, uploadId: string) {
  const [upload] = await ctx.db.select().from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.userId, ctx.user.id)));
  if (!upload) throw new TRPCError({ code: 'NOT_FOUND', message: texts.uploadFailed });
  if (upload.status === 'verified' && upload.finalKey) return { uploadId, url: ctx.storage.publicUrl(upload.finalKey) };
  const size = await ctx.storage.size(upload.storageKey);
  if (size === null) {
    // A confirm running at the same time may have finished (and deleted the raw object).
    const [now] = await ctx.db.select({ finalKey: uploads.finalKey }).from(uploads).where(eq(uploads.id, uploadId));
    if (now?.finalKey) return { uploadId, url: ctx.storage.publicUrl(now.finalKey) };
    // The browser confirms after its POST succeeded; nothing stored means it did not.
    await discard(ctx, upload);
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.uploadFailed });
  }
  if (size > MAX_IMAGE_BYTES) {
    await discard(ctx, upload);
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tooLarge });
  }
  const bytes = size > 0 ? await ctx.storage.read(upload.storageKey) : new Uint8Array();
  let finalKey: string;
  try {
    if (!bytes || bytes.length > MAX_IMAGE_BYTES) throw new NotAnImageError('changed while read');
    finalKey = await storeListingImage(ctx.storage, upload.listingId, await encodeListingImage(bytes, upload.contentType as ImageType));
  } catch (error) {
    if (!(error instanceof NotAnImageError)) throw error;
    await discard(ctx, upload);
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notValidImage });
  }
  // Two confirms of one upload at once: the first to record its key wins, the other removes its copy.
  const won = affectedRows(await ctx.db.update(uploads).set({ status: 'verified', size, finalKey }).where(and(eq(uploads.id, uploadId), eq(uploads.status, 'pending'))));
  if (won !== 1) {
    await ctx.storage.delete(finalKey).catch(() => undefined);
    const [winner] = await ctx.db.select({ finalKey: uploads.finalKey }).from(uploads).where(eq(uploads.id, uploadId));
    if (!winner?.finalKey) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.uploadFailed });
    finalKey = winner.finalKey;
  }
  await ctx.storage.delete(upload.storageKey).catch((error: unknown) => console.error('could not delete', upload.storageKey, error));
  return { uploadId, url: ctx.storage.publicUrl(finalKey) };
}

/** Uploads never attached to a listing are deleted, objects and rows, after a day. */
export async function removeStaleUploads(services: Services, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const stale = await services.db
    .select({ id: uploads.id, storageKey: uploads.storageKey, finalKey: uploads.finalKey })
    .from(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)))
    .limit(500);
  let removed = 0;
  for (const upload of stale) {
    // The row first, conditionally: an upload attached meanwhile keeps its object.
    if (affectedRows(await services.db.delete(uploads).where(and(eq(uploads.id, upload.id), isNull(uploads.attachedAt)))) !== 1) continue;
    for (const key of [upload.storageKey, upload.finalKey]) {
      if (key) await services.storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error));
    }
    removed += 1;
  }
  return removed;
}
