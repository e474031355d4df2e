/**
 * Where a listing's checked images live and how pages ask for them in the size they are shown
 * (decision 013). An attached image is re-encoded into keys the browser can never write:
 *
 *   listings/{listingId}/{imageId}-{W}x{H}.webp        the original size (W×H pixels)
 *   listings/{listingId}/{imageId}-{W}x{H}-{w}.webp    one per width in IMAGE_WIDTHS below W
 *
 * The stored `image_url` is the original's URL, so the dimensions and the widths that exist can be
 * read from it alone: no column or API field changes, and older URLs (the first seed's SVGs,
 * uploads attached before this) do not match the pattern and render as a plain `src`.
 */

/** The widths made for `srcset` (cards ~320–400 px, gallery ~700–1000 px, doubled on sharp screens). */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
/** How wide the detail page shows its main image: the gallery's `sizes`, and the preload's in the page head. */
export const GALLERY_SIZES = '(min-width: 1280px) 860px, (min-width: 1024px) 66vw, 100vw';
/** How wide a browse card shows its image: one column on phones, two from sm, three (≈400 px) from xl. */
export const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';
/** No side above this is accepted (phones take ~4000 px). */
export const MAX_IMAGE_SIDE = 8000;
/** Decoded pixels at most, against decompression bombs (a 30000×30000 PNG is 900 M). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const LISTING_IMAGE_PREFIX = 'listings/';
/**
 * Raw presigned uploads, before the check (decision 013): never served (`/images/uploads/…` answers
 * 404 locally and at CloudFront) and expired by the bucket's lifecycle rule after a day.
 */
export const UPLOAD_PREFIX = 'uploads/';

const ID = /^[0-9a-zA-Z-]{1,64}$/;

export interface FinalImage {
  listingId: string;
  imageId: string;
  width: number;
  height: number;
}

/** The widths below the original's: smaller images are never scaled up. */
export function variantWidths(width: number): number[] {
  return IMAGE_WIDTHS.filter((w) => w < width);
}

/** The key of the original size, or of one width when `variantWidth` is given. */
export function finalImageKey(image: FinalImage, variantWidth?: number): string {
  if (!ID.test(image.listingId) || !ID.test(image.imageId)) throw new Error('invalid image id');
  const base = `${LISTING_IMAGE_PREFIX}${image.listingId}/${image.imageId}-${image.width}x${image.height}`;
  return variantWidth === undefined ? `${base}.webp` : `${base}-${variantWidth}.webp`;
}

const FINAL_KEY = /^(.*?)(listings\/[0-9a-zA-Z-]{1,64}\/[0-9a-zA-Z-]{1,64})-(\d{1,5})x(\d{1,5})\.webp$/;

/** The original's dimensions and base, from its key or URL; null for any other (older) shape. */
export function parseFinalImage(keyOrUrl: string): { prefix: string; base: string; width: number; height: number } | null {
  const match = FINAL_KEY.exec(keyOrUrl);
  if (!match) return null;
  return { prefix: match[1]!, base: match[2]!, width: Number(match[3]), height: Number(match[4]) };
}

/** Every object behind one stored image key, so deleting the image deletes all its sizes. */
export function imageObjectKeys(storageKey: string): string[] {
  const parsed = parseFinalImage(storageKey);
  if (!parsed || parsed.prefix !== '') return [storageKey];
  const base = `${parsed.base}-${parsed.width}x${parsed.height}`;
  return [storageKey, ...variantWidths(parsed.width).map((w) => `${base}-${w}.webp`)];
}

export interface ImageSources {
  src: string;
  /** Absent for older images stored in one size. */
  srcSet?: string;
  width?: number;
  height?: number;
}

/** What an <img> needs for a stored image URL: the smallest sensible `src`, all widths, the size. */
export function imageSources(url: string): ImageSources {
  const parsed = parseFinalImage(url);
  if (!parsed) return { src: url };
  const base = `${parsed.prefix}${parsed.base}-${parsed.width}x${parsed.height}`;
  const widths = variantWidths(parsed.width);
  const srcSet = [...widths.map((w) => `${base}-${w}.webp ${w}w`), `${url} ${parsed.width}w`].join(', ');
  // `src` is for browsers without srcset and for tools: a middle size, not the full original.
  const middle = widths.at(-1);
  return { src: middle ? `${base}-${middle}.webp` : url, srcSet, width: parsed.width, height: parsed.height };
}
