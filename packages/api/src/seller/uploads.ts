import { TRPCError } from '@trpc/server';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import { listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { MAX_IMAGES } from '@bedriftstorget/core/listing/form-schema';
import { images as texts } from '@bedriftstorget/core/texts/seller';
import type { Context, Services } from '../context';
import { affectedRows } from '../db/client';

/** After the browser's resize a photo is well under this; the presigned policy enforces it in S3. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const imageTypes = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type ImageType = keyof typeof imageTypes;

/** What the first bytes of each accepted type look like. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The listing must be the caller's, or not exist yet (the wizard picks its id before submitting). */
async function assertCanAddImagesTo(ctx: Context & { user: { id: string } }, listingId: string): Promise<number> {
  const [listing] = await ctx.db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, listingId));
  if (listing && listing.ownerId !== ctx.user.id) throw new TRPCError({ code: 'NOT_FOUND', message: 'Fant ikke annonsen' });
  if (!listing) return 0;
  const [row] = await ctx.db.select({ n: count() }).from(listingImages).where(eq(listingImages.listingId, listingId));
  return row?.n ?? 0;
}

/**
 * Grants one upload: a key under the user's own prefix, `{userId}/{listingId}_{timestamp}_{index}.{ext}`,
 * and a presigned POST for exactly that key, type and size cap. At most 5 images per listing count
 * the listing's images plus uploads still waiting to be attached.
 */
export async function presignUpload(ctx: Context & { user: { id: string } }, input: { listingId: string; contentType: ImageType; index: number }) {
  const existing = await assertCanAddImagesTo(ctx, input.listingId);
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, ctx.user.id), eq(uploads.listingId, input.listingId), isNull(uploads.attachedAt)));
  if (existing + (waiting?.n ?? 0) >= MAX_IMAGES) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tooManyText });
  const key = `${ctx.user.id}/${input.listingId}_${Date.now()}_${input.index}.${imageTypes[input.contentType]}`;
  const post = await ctx.storage.presignPost(key, input.contentType, MAX_IMAGE_BYTES);
  const [created] = await ctx.db.insert(uploads).values({ userId: ctx.user.id, listingId: input.listingId, storageKey: key, contentType: input.contentType }).$returningId();
  return { uploadId: created!.id, url: post.url, fields: post.fields, maxBytes: MAX_IMAGE_BYTES };
}

async function discard(ctx: Services, upload: { id: string; storageKey: string }): Promise<void> {
  await ctx.storage.delete(upload.storageKey).catch((error: unknown) => console.error('could not delete', upload.storageKey, error));
  await ctx.db.delete(uploads).where(eq(uploads.id, upload.id));
}

/**
 * Checks what arrived before it can be attached: the size (S3 enforces the policy, s3rver does
 * not), and the content by its first bytes against the declared type. Anything else is deleted.
 */
export async function confirmUpload(ctx: Context & { user: { id: string } }, uploadId: string) {
  const [upload] = await ctx.db.select().from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.userId, ctx.user.id)));
  if (!upload) throw new TRPCError({ code: 'NOT_FOUND', message: texts.uploadFailed });
  if (upload.status === 'verified') return { uploadId, url: ctx.storage.publicUrl(upload.storageKey) };
  const size = await ctx.storage.size(upload.storageKey);
  if (size === null) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.uploadFailed });
  if (size > MAX_IMAGE_BYTES) {
    await discard(ctx, upload);
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.tooLarge });
  }
  if (sniffImageType(await ctx.storage.readStart(upload.storageKey, 16)) !== upload.contentType) {
    await discard(ctx, upload);
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notValidImage });
  }
  await ctx.db.update(uploads).set({ status: 'verified', size }).where(eq(uploads.id, uploadId));
  return { uploadId, url: ctx.storage.publicUrl(upload.storageKey) };
}

/** Uploads never attached to a listing are deleted, objects and rows, after a day. */
export async function removeStaleUploads(services: Services, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const stale = await services.db
    .select({ id: uploads.id, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)))
    .limit(500);
  let removed = 0;
  for (const upload of stale) {
    // The row first, conditionally: an upload attached meanwhile keeps its object.
    if (affectedRows(await services.db.delete(uploads).where(and(eq(uploads.id, upload.id), isNull(uploads.attachedAt)))) !== 1) continue;
    await services.storage.delete(upload.storageKey).catch((error: unknown) => console.error('could not delete', upload.storageKey, error));
    removed += 1;
  }
  return removed;
}
