import { IMAGES_CORS, IMAGES_LIFECYCLE } from './images-config';
import { cloudFrontReadPolicy, imageStatements } from './permissions';

/**
 * The Router's distribution ARN, known only once stacks/router.ts has made the Router, which in
 * turn needs this bucket (its upload origin is in the page's CSP). Resolved there.
 */
export const [routerDistributionArn, resolveRouterDistributionArn] = $util.deferredOutput<string>();

/**
 * Listing images: private bucket (decision 068). CloudFront reads `listings/` only, and only for
 * this stage's distribution (OAC with `AWS:SourceArn`), not for any distribution: the policy is
 * ours, not `access: 'cloudfront'`. Written by presigned POST; raw uploads expire after a day
 * (images-config.ts).
 */
export const images = new sst.aws.Bucket('Images', {
  cors: IMAGES_CORS,
  lifecycle: IMAGES_LIFECYCLE,
  policy: [cloudFrontReadPolicy(routerDistributionArn)],
});

/**
 * What the functions read (Resource.ImageBucket): the name only. Linking the bucket itself would
 * grant `s3:*` on it; imagePermissions grants what the code does.
 */
export const imageBucket = new sst.Linkable('ImageBucket', { properties: { name: images.name } });

export const imagePermissions = images.arn.apply(imageStatements);
