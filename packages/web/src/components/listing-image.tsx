import { CARD_SIZES, GALLERY_SIZES, imageSources } from '@bedriftstorget/core/listing/image-variants';

/** How wide each place shows a listing image, for the browser's pick from `srcset`. */
export const IMAGE_SIZES = {
  /** Grid cards: one column on phones, two from sm, three (≈400 px) from xl. */
  card: CARD_SIZES,
  /** The detail page's main image: the page's wide column. */
  gallery: GALLERY_SIZES,
  thumbnail: '96px',
  viewer: '(min-width: 1024px) 1024px, 100vw',
  /** Small list rows (my listings, saved). */
  row: '160px',
} as const;

/**
 * A listing image in the size it is shown: `srcset` from the stored URL (decision 013), its
 * intrinsic width and height so the box is reserved before it loads, lazy unless it is the page's
 * main (LCP) image. Older images stored in one size render with a plain `src`.
 */
export function ListingImage({ url, alt, sizes, priority = false, className }: {
  url: string;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const image = imageSources(url);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width ?? 1200}
      height={image.height ?? 800}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
