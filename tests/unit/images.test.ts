import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { describe, expect, it } from 'vitest';
import { localS3Config, LOCAL_S3_CREDENTIALS } from '@bedriftstorget/api/adapters/storage';
import { isSafeKey, verifyPostPolicy } from '@bedriftstorget/api/http/s3-post-policy';
import { finalImageKey, imageObjectKeys, imageSources } from '@bedriftstorget/core/listing/image-variants';

describe('listing image keys and sources (decision 013)', () => {
  const image = { listingId: 'a1b2', imageId: 'c3d4', width: 800, height: 600 };

  it('derive every width below the original from the stored URL', () => {
    expect(finalImageKey(image)).toBe('listings/a1b2/c3d4-800x600.webp');
    expect(imageObjectKeys('listings/a1b2/c3d4-800x600.webp')).toEqual(['listings/a1b2/c3d4-800x600.webp', 'listings/a1b2/c3d4-800x600-320.webp', 'listings/a1b2/c3d4-800x600-640.webp']);
    expect(imageSources('/images/listings/a1b2/c3d4-800x600.webp')).toEqual({
      src: '/images/listings/a1b2/c3d4-800x600-640.webp',
      srcSet: '/images/listings/a1b2/c3d4-800x600-320.webp 320w, /images/listings/a1b2/c3d4-800x600-640.webp 640w, /images/listings/a1b2/c3d4-800x600.webp 800w',
      width: 800,
      height: 600,
    });
  });

  it('render older URLs (seed SVGs, earlier uploads) as they are', () => {
    expect(imageSources('/images/seed/abc/0.svg')).toEqual({ src: '/images/seed/abc/0.svg' });
    expect(imageObjectKeys('user/listing_1_0.png')).toEqual(['user/listing_1_0.png']);
    expect(() => finalImageKey({ ...image, listingId: '../x' })).toThrow();
  });
});

describe('presigned POST policy check', () => {
  const client = new S3Client(localS3Config(1));
  const sign = (key: string, expires = 600) =>
    createPresignedPost(client, { Bucket: 'b', Key: key, Expires: expires, Conditions: [['content-length-range', 1, 100], ['eq', '$Content-Type', 'image/png']], Fields: { 'Content-Type': 'image/png' } });

  it('accepts the fields it signed, until it expires', async () => {
    const { fields } = await sign('uploads/u/x.png');
    expect(verifyPostPolicy(fields, 'b', LOCAL_S3_CREDENTIALS)).toEqual({ key: 'uploads/u/x.png', contentType: 'image/png', minBytes: 1, maxBytes: 100 });
    expect(() => verifyPostPolicy(fields, 'other', LOCAL_S3_CREDENTIALS)).toThrow(/bucket/);
    expect(() => verifyPostPolicy(fields, 'b', LOCAL_S3_CREDENTIALS, new Date(Date.now() + 11 * 60_000))).toThrow(/expired/);
    expect(() => verifyPostPolicy(fields, 'b', { ...LOCAL_S3_CREDENTIALS, secretAccessKey: 'other' })).toThrow(/signature/);
  });

  it('refuses unsafe keys', () => {
    for (const key of ['../x', 'a/../b', 'a/./b', '/a', 'a//b', 'a%2Fb', 'a\u0000b', 'a\\b', '']) expect([key, isSafeKey(key)]).toEqual([key, false]);
    expect(isSafeKey('uploads/u/l_1_0.jpg')).toBe(true);
  });
});
