import { IMAGES_CORS, IMAGES_LIFECYCLE } from './images-config';

/**
 * Listing images: private bucket, read through CloudFront at /images (only `listings/`, see
 * router-code.ts), written by presigned POST; raw uploads expire after a day (images-config.ts).
 */
export const images = new sst.aws.Bucket('Images', {
  access: 'cloudfront',
  cors: IMAGES_CORS,
  lifecycle: IMAGES_LIFECYCLE,
});
