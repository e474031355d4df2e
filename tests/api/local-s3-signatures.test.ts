import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createImageStorage, LOCAL_S3_CREDENTIALS, localS3Config, type ImageStorage } from '@bedriftstorget/api/adapters/storage';
import { startLocalS3, type LocalS3 } from '../../infra/local/s3';
import { verifySigV4 } from '../../infra/local/s3-sigv4';

/**
 * Decision 135: the local S3 answers as S3 does. s3rver took any V4 signature, so a forged or altered
 * link worked here; the front recomputes each signature with the SDK's signer. A correct request
 * works; a forged, altered, expired, anonymous or wrongly keyed one gets S3's XML error.
 */
const BUCKET = 'listing-documents';
let s3: LocalS3;
let dir: string;
let storage: ImageStorage;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bt-s3-sig-'));
  s3 = await startLocalS3(dir, 0, [BUCKET]);
  storage = createImageStorage(localS3Config(s3.port), BUCKET);
  base = `http://127.0.0.1:${s3.port}`;
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const BYTES = new TextEncoder().encode('%PDF-1.7 konfidensielt');
const codeOf = async (response: Response) => ({ status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1] });

describe('the local S3 checks SigV4 as S3 does', () => {
  it('serves a presigned link as signed, and refuses it forged, altered, for another key, or unsigned', async () => {
    await storage.put('stamped/a.pdf', BYTES, 'application/pdf');
    await storage.put('stamped/b.pdf', new TextEncoder().encode('en annen fil'), 'application/pdf');
    const url = await storage.presignGet('stamped/a.pdf', 300, 'Årsregnskap.pdf');
    const good = await fetch(url);
    expect(good.status).toBe(200);
    expect(new Uint8Array(await good.arrayBuffer())).toEqual(BYTES);
    expect(good.headers.get('content-disposition')).toContain('attachment');

    const signature = new URL(url).searchParams.get('X-Amz-Signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const forged = url.replace(signature, flipped);
    expect(await codeOf(await fetch(forged))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await codeOf(await fetch(url.replace('stamped/a.pdf', 'stamped/b.pdf')))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await codeOf(await fetch(url.replace('X-Amz-Expires=300', 'X-Amz-Expires=600')))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await codeOf(await fetch(url.replace('attachment', 'inline')))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await codeOf(await fetch(url.replace('S3RVER', 'ANNEN')))).toEqual({ status: 403, code: 'InvalidAccessKeyId' });
    // No signature at all: the bucket is private.
    expect(await codeOf(await fetch(`${base}/${BUCKET}/stamped/a.pdf`))).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await codeOf(await fetch(`${base}/${BUCKET}?list-type=2`))).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await codeOf(await fetch(`${base}/${BUCKET}/stamped/c.pdf`, { method: 'PUT', body: BYTES }))).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await storage.size('stamped/c.pdf')).toBeNull();
  });

  it('refuses a link past its time, and one signed with another secret', async () => {
    await storage.put('stamped/old.pdf', BYTES, 'application/pdf');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 301_000);
    const old = await storage.presignGet('stamped/old.pdf', 300, 'gammel.pdf').finally(() => vi.useRealTimers());
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');

    const wrong = new S3Client({ ...localS3Config(s3.port), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'IKKE-HEMMELIGHETEN' } });
    const link = await getSignedUrl(wrong, new GetObjectCommand({ Bucket: BUCKET, Key: 'stamped/old.pdf' }), { expiresIn: 60 });
    expect(await codeOf(await fetch(link))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(wrong.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'stamped/x.pdf', Body: BYTES }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(await storage.size('stamped/x.pdf')).toBeNull();
  });

  it('the front itself refuses a link a second past its time (s3rver would too, so it is asked directly)', async () => {
    const url = new URL(await storage.presignGet('stamped/a.pdf', 300, 'a.pdf'));
    const signedAt = Date.parse(url.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const request = { method: 'GET', path: url.pathname, query: url.searchParams, headers: { host: url.host }, body: Buffer.alloc(0) };
    expect(await verifySigV4(request, LOCAL_S3_CREDENTIALS, new Date(signedAt + 300_000))).toBeNull();
    expect(await verifySigV4(request, LOCAL_S3_CREDENTIALS, new Date(signedAt + 301_000))).toEqual({ status: 403, code: 'AccessDenied', message: 'Request has expired' });
  });

  it('checks a signed upload’s body against the hash it signed', async () => {
    const client = new S3Client(localS3Config(s3.port));
    // Signed for one body, sent with another: what a proxy that altered the upload would do.
    let sent = false;
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body?: unknown };
        if (!sent && request.body instanceof Uint8Array) request.body = new TextEncoder().encode('byttet ut underveis!!!');
        sent = true;
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low', name: 'swapBody' },
    );
    await expect(client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'stamped/swapped.pdf', Body: BYTES }))).rejects.toMatchObject({ name: 'XAmzContentSHA256Mismatch' });
    expect(await storage.size('stamped/swapped.pdf')).toBeNull();
  });

  it('takes a browser’s presigned POST only with the policy as signed', async () => {
    const client = new S3Client(localS3Config(s3.port));
    const grant = await createPresignedPost(client, { Bucket: BUCKET, Key: 'document-uploads/l/x.pdf', Conditions: [['content-length-range', 1, 100], ['eq', '$Content-Type', 'application/pdf']], Fields: { 'Content-Type': 'application/pdf' }, Expires: 60 });
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([BYTES], { type: 'application/pdf' }));
      return fetch(`${base}/${BUCKET}`, { method: 'POST', body: form });
    };
    expect(await codeOf(await post({ ...grant.fields, key: 'document-uploads/l/annen.pdf' }))).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await codeOf(await post({ ...grant.fields, 'X-Amz-Signature': '0'.repeat(64) }))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    expect((await post(grant.fields)).status).toBe(204);
    expect(await storage.read('document-uploads/l/x.pdf')).toEqual(BYTES);
  });
});
