import { finalImageKey, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, variantWidths } from '@bedriftstorget/core/listing/image-variants';
import type { ImageStorage } from '../adapters/storage';

/** The declared type each decoder's format must match. */
const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type ImageType = keyof typeof FORMATS;

export class NotAnImageError extends Error {}

/**
 * Markup anywhere in the bytes (a polyglot: a valid image with a page appended or in a comment).
 * Re-encoding would drop it anyway; refusing says plainly that the file is not a clean image.
 */
const MARKUP = /<(script|html|body|iframe|svg|object|embed)[\s>/]/i;

const WEBP = { quality: 80, effort: 4 } as const;

/**
 * A final key names one encoding of one upload and is never written again (a new upload gets a new
 * key), so browsers and CloudFront may keep it for a year without asking (decision 066).
 */
export const FINAL_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface EncodedImage {
  width: number;
  height: number;
  /** The original size first, then one file per srcset width (smallest first). */
  files: { width: number; body: Buffer }[];
}

/**
 * Decodes the whole image (not just its header) and re-encodes it as WebP in the original size and
 * the srcset widths. Anything that is not a complete JPEG, PNG or WebP of the declared type within
 * MAX_IMAGE_SIDE and MAX_IMAGE_PIXELS throws NotAnImageError. EXIF orientation is applied and all
 * metadata (GPS included) is dropped.
 */
export async function encodeListingImage(bytes: Uint8Array, declared: ImageType | null): Promise<EncodedImage> {
  if (bytes.length === 0) throw new NotAnImageError('empty');
  if (MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) throw new NotAnImageError('markup');
  const options = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 } as const;
  // Loaded at the first upload, not at a cold start: libvips is native and most requests never need it.
  const { default: sharp } = await import('sharp');
  try {
    // The header first: the dimensions are checked before a single pixel is decoded.
    const meta = await sharp(bytes, options).metadata();
    const format = meta.format as string | undefined;
    if (!format || !Object.values(FORMATS).includes(format as never)) throw new NotAnImageError(`format ${format}`);
    if (declared && FORMATS[declared] !== format) throw new NotAnImageError(`declared ${declared}, is ${format}`);
    const { width = 0, height = 0 } = meta;
    if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
      throw new NotAnImageError(`size ${width}x${height}`);
    }
    const oriented = sharp(bytes, options).rotate();
    const original = await oriented.clone().webp(WEBP).toBuffer({ resolveWithObject: true });
    const files = [{ width: original.info.width, body: original.data }];
    for (const w of variantWidths(original.info.width)) {
      files.push({ width: w, body: await oriented.clone().resize({ width: w }).webp(WEBP).toBuffer() });
    }
    return { width: original.info.width, height: original.info.height, files };
  } catch (error) {
    if (error instanceof NotAnImageError) throw error;
    // sharp/libvips: corrupt, truncated, unsupported or over the pixel limit.
    throw new NotAnImageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Stores an encoded image under its final keys (never writable by a presigned POST) and returns
 * the original's key. If one write fails, the ones made are removed again.
 */
export async function storeListingImage(storage: ImageStorage, listingId: string, image: EncodedImage): Promise<string> {
  const final = { listingId, imageId: crypto.randomUUID(), width: image.width, height: image.height };
  const key = finalImageKey(final);
  try {
    await Promise.all(
      image.files.map((file, i) => storage.put(i === 0 ? key : finalImageKey(final, file.width), file.body, 'image/webp', { cacheControl: FINAL_IMAGE_CACHE_CONTROL })),
    );
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return key;
}
