import { mkdir } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createImageStorage, LOCAL_S3_CREDENTIALS, localS3Config, type ImageStorage } from '@bedriftstorget/api/adapters/storage';
import { handleS3Post } from '@bedriftstorget/api/http/s3-proxy';
import { s3ErrorXml, verifySigV4, type S3Refusal } from './s3-sigv4';

/** Nothing larger is read (a document is 20 MB at most; the presigned POST path caps its own). */
const MAX_BODY_BYTES = 25 * 1024 * 1024;

export interface LocalS3 {
  port: number;
  close: () => Promise<void>;
}

/**
 * The local S3 (decision 135): s3rver keeps the files under DATA_DIR/s3, on a loopback port of its
 * own that nothing is told; `port` is a front that answers as S3 does. Every request must carry a
 * SigV4 signature (header or presigned query) that the AWS SDK's signer computes again, or be a
 * browser's presigned POST whose policy signature is checked (http/s3-post-policy.ts); anything
 * else gets S3's XML error. Only then is it passed to s3rver, which checks no V4 signature at all.
 */
export async function startLocalS3(dataDir: string, port: number, buckets: string[]): Promise<LocalS3> {
  const directory = join(dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const store = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  const { port: storePort } = await store.run();
  const storages = new Map<string, ImageStorage>();
  const front = createServer((req, res) => {
    const bucket = (req.url ?? '/').split('?')[0]!.slice(1);
    if (isBrowserPost(req) && buckets.includes(bucket)) {
      // The policy is checked there; the file is then stored with the SDK, signed, through this front.
      return handleS3Post(req, res, storageFor(storages, frontPort(front), bucket), LOCAL_S3_CREDENTIALS, '/');
    }
    void verifyAndPass(req, res, storePort);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await store.close();
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new Error(`Port ${port} for den lokale S3-serveren er i bruk. Stopp det som bruker den, eller sett S3_PORT.`);
    }
    throw error;
  }
  return {
    port: frontPort(front),
    close: async () => {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await store.close();
    },
  };
}

function frontPort(front: Server): number {
  return (front.address() as AddressInfo).port;
}

function storageFor(storages: Map<string, ImageStorage>, port: number, bucket: string): ImageStorage {
  let storage = storages.get(bucket);
  if (!storage) storages.set(bucket, (storage = createImageStorage(localS3Config(port), bucket)));
  return storage;
}

/** A form POST to the bucket itself, unsigned as a browser sends it: the policy inside carries the signature. */
function isBrowserPost(req: IncomingMessage): boolean {
  const url = new URL(req.url ?? '/', 'http://local');
  return req.method === 'POST' && !req.headers.authorization && !url.searchParams.has('X-Amz-Signature') && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
}

function answer(res: ServerResponse, refusal: S3Refusal): void {
  res.writeHead(refusal.status, { 'content-type': 'application/xml', connection: 'close' });
  res.end(s3ErrorXml(refusal));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function verifyAndPass(req: IncomingMessage, res: ServerResponse, storePort: number): Promise<void> {
  try {
    const body = await readBody(req);
    if (!body) return answer(res, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
    const url = new URL(req.url ?? '/', 'http://local');
    const refusal = await verifySigV4({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, query: url.searchParams, headers: req.headers, body }, LOCAL_S3_CREDENTIALS);
    if (refusal) return answer(res, refusal);
    const upstream = httpRequest({ host: '127.0.0.1', port: storePort, method: req.method, path: req.url, headers: { ...req.headers, 'content-length': String(body.length) } }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    upstream.on('error', () => answer(res, { status: 503, code: 'ServiceUnavailable', message: 'Please reduce your request rate.' }));
    upstream.end(body);
  } catch {
    answer(res, { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' });
  }
}
