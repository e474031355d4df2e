import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';

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
  /** A browser upload straight to the bucket: exact key and type, size capped by the policy. */
  presignPost(key: string, contentType: string, maxBytes: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** Size of a stored object, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The object's first bytes, to check what it really is. */
  readStart(key: string, bytes: number): Promise<Uint8Array>;
  client: S3Client;
}

const PRESIGN_SECONDS = 10 * 60;

export const IMAGE_PATH_PREFIX = '/images/';

/**
 * `uploadUrl` replaces the bucket URL that presigning returns: locally the app's own origin
 * proxies `/s3/*` to s3rver (same origin, so no CORS and a strict CSP still hold).
 */
export function createImageStorage(client: S3Client, bucket: string, options: { uploadUrl?: string } = {}): ImageStorage {
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
    async presignPost(key, contentType, maxBytes) {
      const post = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType]],
        Fields: { 'Content-Type': contentType },
        Expires: PRESIGN_SECONDS,
      });
      return { url: options.uploadUrl ?? post.url, fields: post.fields };
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return null;
        throw error;
      }
    },
    async readStart(key, bytes) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
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
