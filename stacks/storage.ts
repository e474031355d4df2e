/** Listing images: private bucket, read through CloudFront at /images, written by presigned POST. */
export const images = new sst.aws.Bucket('Images', {
  access: 'cloudfront',
  cors: {
    allowOrigins: ['*'],
    allowMethods: ['POST', 'PUT'],
    allowHeaders: ['*'],
    maxAge: '1 day',
  },
});
