import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { imageObjectKeys } from '@bedriftstorget/core/listing/image-variants';

/**
 * The image bucket. Locally s3rver behind a front that checks signatures as S3 does (decision 135), in the cloud S3; the same S3 protocol code.
 * Images are served at `/images/{key}` on the app's own origin (the local server proxies,
 * CloudFront routes to the bucket), so pages never depend on the bucket's host name.
 */
export interface ImageStorage {
  bucket: string;
  /** `cacheControl` is stored with the object; CloudFront and browsers take it from there. */
  put(key: string, body: Uint8Array, contentType: string, options?: { cacheControl?: string }): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the object and, for a listing image's final key, all its sizes. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** A browser upload straight to the bucket: exact key and type, size capped by the policy. */
  presignPost(key: string, contentType: string, maxBytes: number): Promise<{ url: string; fields: Record<string, string> }>;
  /**
   * A GET link valid `seconds` (the documents bucket's 'Last ned', decision 097) that makes the browser
   * save the file under `fileName`.
   */
  presignGet(key: string, seconds: number, fileName: string): Promise<string>;
  /** Keys under `prefix` with their last change, at most `max` (the clean-up of stamped copies). */
  list(prefix: string, max: number): Promise<{ key: string; modified: Date }[]>;
  /** Up to `max` keys of the whole bucket in key order after `startAfter`; `more` while the listing goes on (the orphan sweep). */
  listPage(startAfter: string | undefined, max: number): Promise<{ items: { key: string; modified: Date }[]; more: boolean }>;
  /** Size of a stored object, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The object's first bytes, to check what it really is. */
  readStart(key: string, bytes: number): Promise<Uint8Array>;
  /** The whole object, or null when there is none. */
  read(key: string): Promise<Uint8Array | null>;
  /** The S3 client itself (created at first use), for tests and tools that list the bucket. */
  client(): Promise<S3Client>;
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string | undefined;
  contentLength: number | undefined;
  cacheControl: string | undefined;
}

const PRESIGN_SECONDS = 10 * 60;

export const IMAGE_PATH_PREFIX = '/images/';

/**
 * The AWS SDK's S3 client is loaded at the first storage call, not when the module is imported:
 * it alone costs ~0.3–1.5 s of a Lambda cold start here, and most requests never touch the bucket
 * (decision 007; SES is lazy the same way). One client per storage, created once.
 */
function lazyS3(config: S3ClientConfig): () => Promise<{ sdk: typeof S3Sdk; client: S3Client }> {
  let loading: Promise<{ sdk: typeof S3Sdk; client: S3Client }> | undefined;
  return () =>
    (loading ??= import('@aws-sdk/client-s3').then(
      (sdk) => ({ sdk, client: new sdk.S3Client(config) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
}

/**
 * `uploadUrl` replaces the bucket URL that presigning returns: locally the app's own origin
 * proxies `/s3/*` to s3rver (same origin, so no CORS and a strict CSP still hold).
 */
export function createImageStorage(clientConfig: S3ClientConfig, bucket: string, options: { uploadUrl?: string; downloadBase?: string } = {}): ImageStorage {
  const s3 = lazyS3(clientConfig);
  return {
    bucket,
    client: async () => (await s3()).client,
    async put(key, body, contentType, options = {}) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: options.cacheControl }));
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: object.ContentType,
          contentLength: object.ContentLength,
          cacheControl: object.CacheControl,
        };
      } catch (error) {
        if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await Promise.all(imageObjectKeys(key).map((k) => client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: k }))));
    },
    publicUrl(key) {
      return `${IMAGE_PATH_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
    },
    async presignPost(key, contentType, maxBytes) {
      const [{ client }, { createPresignedPost }] = await Promise.all([s3(), import('@aws-sdk/s3-presigned-post')]);
      const post = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [['content-length-range', 1, maxBytes], ['eq', '$Content-Type', contentType]],
        Fields: { 'Content-Type': contentType },
        Expires: PRESIGN_SECONDS,
      });
      return { url: options.uploadUrl ?? post.url, fields: post.fields };
    },
    async presignGet(key, seconds, fileName) {
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
      const disposition = `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
      const url = await getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition }), { expiresIn: seconds });
      // Locally the app's origin forwards `/s3/…` to s3rver with the host it signed (http/s3-proxy.ts).
      if (!options.downloadBase) return url;
      const parsed = new URL(url);
      return `${options.downloadBase}${parsed.pathname}${parsed.search}`;
    },
    async list(prefix, max) {
      const { sdk, client } = await s3();
      const answer = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: max }));
      return (answer.Contents ?? []).flatMap((item) => (item.Key ? [{ key: item.Key, modified: item.LastModified ?? new Date(0) }] : []));
    },
    async listPage(startAfter, max) {
      const { sdk, client } = await s3();
      // ListObjects (v1) with Marker: S3 pages it as v2's StartAfter does, and s3rver's v2 fails to make a
      // continuation token on Node 20 (its cipher is not in OpenSSL 3), so a truncated v2 listing is a 500 here.
      const answer = await client.send(new sdk.ListObjectsCommand({ Bucket: bucket, Marker: startAfter, MaxKeys: max }));
      const items = (answer.Contents ?? []).flatMap((item) => (item.Key ? [{ key: item.Key, modified: item.LastModified ?? new Date(0) }] : []));
      return { items, more: Boolean(answer.IsTruncated) };
    },
    async size(key) {
      const { sdk, client } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return null;
        throw error;
      }
    },
    async readStart(key, bytes) {
      const { sdk, client } = await s3();
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    },
    async read(key) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return null;
        throw error;
      }
    },
  };
}

/** A quoted filename parameter takes ASCII only; `filename*` carries the real name. */
function asciiFileName(name: string): string {
  return name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'dokument.pdf';
}

/**
 * s3rver's documented default credentials. The local S3's front checks every signature with them
 * (decision 135), and the local `/s3/` endpoint checks presigned POST policies (http/s3-proxy.ts).
 */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'eu-north-1' } as const;

export function localS3Config(port: number): S3ClientConfig {
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: LOCAL_S3_CREDENTIALS.region,
    forcePathStyle: true,
    credentials: { accessKeyId: LOCAL_S3_CREDENTIALS.accessKeyId, secretAccessKey: LOCAL_S3_CREDENTIALS.secretAccessKey },
  };
}
