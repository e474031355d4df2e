import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * The image bucket. Locally an s3rver on loopback, in the cloud S3; the same S3 protocol code.
 * Images are served at `/images/{key}` on the app's own origin (the local server proxies,
 * CloudFront routes to the bucket), so pages never depend on the bucket's host name.
 */
export interface ImageStorage {
  bucket: string;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; contentType: string | undefined; contentLength: number | undefined } | null>;
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
  client: S3Client;
}

export const IMAGE_PATH_PREFIX = '/images/';

export function createImageStorage(client: S3Client, bucket: string): ImageStorage {
  return {
    bucket,
    client,
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, contentType: object.ContentType, contentLength: object.ContentLength };
      } catch (error) {
        if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl(key) {
      return `${IMAGE_PATH_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}

/** s3rver accepts any credentials; these are its documented defaults. */
export function createLocalS3Client(port: number): S3Client {
  return new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-north-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}
