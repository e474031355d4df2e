/**
 * The image bucket's settings as plain values (no SST globals), so tests can read what
 * stacks/storage.ts and stacks/router.ts deploy. Key layout: decision 013.
 */
import { LISTING_IMAGE_PREFIX, UPLOAD_PREFIX } from '../packages/core/src/listing/image-variants';

/**
 * Raw presigned uploads are checked and copied to `listings/` within minutes, or removed by the
 * scheduled cleanup after a day; the bucket expires whatever is left (a crashed confirm, a cleanup
 * that failed) so unchecked bytes never stay for long.
 */
export const IMAGES_LIFECYCLE = [{ id: 'expire-raw-uploads', prefix: UPLOAD_PREFIX, expiresIn: '1 day' as const }];

/** Presigned POST uploads come straight from the browser. */
export const IMAGES_CORS = {
  allowOrigins: ['*'],
  allowMethods: ['POST', 'PUT'] as ('POST' | 'PUT')[],
  allowHeaders: ['*'],
  maxAge: '1 day' as const,
};

/** The only keys CloudFront serves at /images/: checked, re-encoded listing images. */
export const SERVED_IMAGE_PREFIX = LISTING_IMAGE_PREFIX;
