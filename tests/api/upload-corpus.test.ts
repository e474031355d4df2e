import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { eq } from 'drizzle-orm';
import { startLocalS3, type LocalS3 } from '../../infra/local/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { images as texts } from '@bedriftstorget/core/texts/seller';
import { createImageStorage, localS3Config, type ImageStorage } from '@bedriftstorget/api/adapters/storage';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { createHarness, db, signedInUser, testConfig, type Browser, type Harness } from './harness';

/**
 * Hostile uploads through the real flow: presign (tRPC), POST to the app's own `/s3/` endpoint
 * (the local server, which checks the policy and stores in s3rver), confirm. Each is refused with
 * its message and leaves no object and no upload row behind.
 */
/** A free port from the system, so parallel test runs never collide. */
let S3_PORT = 0;
let s3: LocalS3;
let dir: string;
let server: Server;
let base: string;
let h: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bt-s3-corpus-'));
  s3 = await startLocalS3(dir, 0, ['listing-images']);
  S3_PORT = s3.port;
  const local = testConfig().local!;
  h = createHarness({ config: { local: { ...local, s3Port: S3_PORT } } });
  server = createLocalServer({ services: h, web: { middlewares: (_req, res) => res.writeHead(404).end() } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const fields: ListingFields = {
  title: 'Verksted med faste kunder', industry: 'craft', location: 'Bergen',
  description: 'Et godt etablert verksted med faste kunder, moderne maskiner og erfarne ansatte som blir med.',
  price: 2_500_000, revenue: 6_000_000, profit: 700_000, ownerSalary: null, debt: null, equityPercent: 100, growthPercent: null,
  employees: 6, established: 2004, premisesSize: 300, ownPremises: false, companyForm: 'as', activeCustomers: true,
  recurringRevenue: false, ownerDependency: 'medium', contractObligations: null, includedInSale: ['Inventar'], ownerComment: null, orgnr: null, confidential: false, verifiedBuyersOnly: false,
};

const JPEG = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#884422' } }).jpeg().toBuffer();
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** A real decompression bomb: a 30000×30000 PNG (900 M pixels) of ~110 KB. */
function bombPng(side = 30000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const rows = deflateSync(Buffer.alloc((1 + Math.ceil(side / 8)) * side), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

type Grant = { uploadId: string; fields: Record<string, string> };

async function presign(browser: Browser, listingId: string, contentType: 'image/jpeg' | 'image/png' = 'image/jpeg', index = 0): Promise<Grant> {
  return browser.call((c) => c.seller.presignUpload({ listingId, contentType, index }));
}

async function post(formFields: Record<string, string>, bytes: Uint8Array, type = 'image/jpeg'): Promise<{ status: number; code: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(formFields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }));
  const response = await fetch(`${base}/s3/listing-images`, { method: 'POST', body: form });
  return { status: response.status, code: /<Code>(\w+)<\/Code>/.exec(await response.text())?.[1] ?? '' };
}

async function keysUnder(storage: ImageStorage, prefix: string): Promise<string[]> {
  const listed = await (await storage.client()).send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

/** No object for the user or the listing, and no upload row: nothing left behind. */
async function expectNothingLeft(userId: string, listingId: string) {
  expect(await keysUnder(h.storage, `uploads/${userId}/`)).toEqual([]);
  expect(await keysUnder(h.storage, `listings/${listingId}/`)).toEqual([]);
  expect(await db.select().from(uploads).where(eq(uploads.userId, userId))).toEqual([]);
}

async function seller() {
  return signedInUser(h);
}

describe('upload corpus through the presigned flow', () => {
  const refusedAtConfirm: [string, Buffer, 'image/jpeg' | 'image/png'][] = [
    ['a script', Buffer.from('alert(document.cookie)'), 'image/jpeg'],
    ['an HTML page', HTML, 'image/jpeg'],
    ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'image/png'],
    ['HTML after JPEG magic bytes', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]), 'image/jpeg'],
    ['a polyglot: a valid JPEG with a page appended', Buffer.concat([JPEG, HTML]), 'image/jpeg'],
    ['a PNG declared as JPEG', Buffer.from(JPEG), 'image/png'],
    ['a truncated JPEG', JPEG.subarray(0, Math.floor(JPEG.length / 2)), 'image/jpeg'],
    ['a decompression bomb (30000×30000 PNG)', bombPng(), 'image/png'],
    ['a 9000×9000 PNG (a side over 8000 px)', bombPng(9000), 'image/png'],
    ['a 7000×7000 PNG (over the pixel cap)', bombPng(7000), 'image/png'],
  ];
  for (const [name, bytes, type] of refusedAtConfirm) {
    it(`refuses ${name} with the image error`, async () => {
      const { browser, userId } = await seller();
      const listingId = crypto.randomUUID();
      const grant = await presign(browser, listingId, type);
      expect(await post(grant.fields, bytes, type)).toEqual({ status: 204, code: '' });
      await expect(browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.notValidImage });
      await expectNothingLeft(userId, listingId);
    });
  }

  it('refuses 0 bytes and 6 MB at the endpoint, and the confirm after them', async () => {
    const { browser, userId } = await seller();
    const listingId = crypto.randomUUID();
    for (const [bytes, code] of [[new Uint8Array(0), 'EntityTooSmall'], [new Uint8Array(6 * 1024 * 1024).fill(0xff), 'EntityTooLarge']] as const) {
      const grant = await presign(browser, listingId);
      expect(await post(grant.fields, bytes)).toEqual({ status: 400, code });
      await expect(browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }))).rejects.toMatchObject({ message: texts.uploadFailed });
    }
    await expectNothingLeft(userId, listingId);
  });

  it('keeps the checked image when the content is swapped after the check', async () => {
    const { browser, userId } = await seller();
    const listingId = crypto.randomUUID();
    const grant = await presign(browser, listingId);
    expect((await post(grant.fields, JPEG)).status).toBe(204);
    const confirmed = await browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }));
    const served = Buffer.from(await (await fetch(`${base}${confirmed.url}`)).arrayBuffer());
    // S3 accepts a re-post with the same fields until the policy expires; here as there.
    expect((await post(grant.fields, HTML)).status).toBe(204);
    expect(await browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }))).toEqual(confirmed);
    await browser.call((c) => c.seller.create({ id: listingId, fields, images: [{ uploadId: grant.uploadId }] }));
    const [image] = await db.select().from(listingImages).where(eq(listingImages.listingId, listingId));
    expect(image?.imageUrl).toBe(confirmed.url);
    const response = await fetch(`${base}${confirmed.url}`);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer()).equals(served)).toBe(true);
    // The swapped raw object is gone (deleted on attach) and raw uploads are never served.
    expect(await keysUnder(h.storage, `uploads/${userId}/`)).toEqual([]);
    expect((await fetch(`${base}/images/${grant.fields.key}`)).status).toBe(404);
  });

  it('refuses a sixth image', async () => {
    const { browser } = await seller();
    const listingId = crypto.randomUUID();
    for (let i = 0; i < 5; i += 1) await presign(browser, listingId, 'image/jpeg', i);
    await expect(presign(browser, listingId, 'image/jpeg', 5)).rejects.toMatchObject({ message: texts.tooManyText });
  });
});

describe('the local /s3/ endpoint accepts only a matching presigned POST', () => {
  it('refuses a forged policy, key, content type or extra field', async () => {
    const { browser, userId } = await seller();
    const listingId = crypto.randomUUID();
    const grant = await presign(browser, listingId);
    const policy = JSON.parse(Buffer.from(grant.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    const widened = Buffer.from(JSON.stringify({ ...policy, conditions: [...policy.conditions, ['content-length-range', 0, 1e9]] })).toString('base64');
    const cases: [Record<string, string>, string][] = [
      [{ ...grant.fields, Policy: widened }, 'SignatureDoesNotMatch'],
      [{ ...grant.fields, 'X-Amz-Signature': '0'.repeat(64) }, 'SignatureDoesNotMatch'],
      [{ ...grant.fields, key: `uploads/${userId}/other.jpg` }, 'AccessDenied'],
      [{ ...grant.fields, key: `listings/${listingId}/mine-1x1.webp` }, 'AccessDenied'],
      [{ ...grant.fields, 'Content-Type': 'text/html' }, 'AccessDenied'],
      [{ ...grant.fields, 'x-amz-meta-extra': '1' }, 'AccessDenied'],
      [{ ...grant.fields, 'X-Amz-Credential': grant.fields['X-Amz-Credential']!.replace('S3RVER', 'OTHER') }, 'InvalidAccessKeyId'],
    ];
    for (const [formFields, code] of cases) expect(await post(formFields, JPEG)).toEqual({ status: 403, code });
    // Nothing was stored (the grant's own row stays pending until used or removed after a day).
    expect(await keysUnder(h.storage, `uploads/${userId}/`)).toEqual([]);
    expect(await keysUnder(h.storage, `listings/${listingId}/`)).toEqual([]);
  });

  it('refuses keys with .., encoded separators or NUL even when correctly signed', async () => {
    const client = new S3Client(localS3Config(S3_PORT));
    for (const key of ['uploads/../../escape.jpg', 'uploads/..%2F..%2Fescape.jpg', 'uploads/a\u0000b.jpg', 'uploads\\..\\escape.jpg']) {
      const signed = await createPresignedPost(client, { Bucket: 'listing-images', Key: key, Conditions: [['eq', '$Content-Type', 'image/jpeg']], Fields: { 'Content-Type': 'image/jpeg' } });
      expect(await post(signed.fields, JPEG)).toEqual({ status: 403, code: 'AccessDenied' });
    }
    expect(await keysUnder(createImageStorage(localS3Config(S3_PORT), 'listing-images'), 'uploads/a')).toEqual([]);
  });

  it('refuses PUT, DELETE, listing, HEAD and paths outside the bucket', async () => {
    const key = 'listings/x/y-1x1.webp';
    await h.storage.put(key, new Uint8Array([1, 2, 3]), 'image/webp');
    const attempts: [string, string, BodyInit | undefined][] = [
      ['GET', '/s3/listing-images', undefined],
      ['GET', '/s3/listing-images?list-type=2', undefined],
      ['GET', '/s3/', undefined],
      ['PUT', `/s3/listing-images/${key}`, HTML],
      ['PUT', '/s3/listing-images/..%2F..%2Fescape.html', HTML],
      ['DELETE', `/s3/listing-images/${key}`, undefined],
      ['HEAD', `/s3/listing-images/${key}`, undefined],
      ['POST', '/s3/listing-images/..%2Fother', HTML],
      ['POST', '/s3/other-bucket', HTML],
      // The documents bucket answers a GET only for a signed link to a stamped copy (decision 097).
      ['GET', '/s3/listing-documents/documents/a/b.pdf?X-Amz-Signature=abc', undefined],
      ['GET', '/s3/listing-documents/stamped/b.pdf', undefined],
      ['GET', '/s3/listing-documents/stamped/..%2Fdocuments%2Fa%2Fb.pdf?X-Amz-Signature=abc', undefined],
      ['GET', '/s3/listing-images/stamped/b.pdf?X-Amz-Signature=abc', undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await fetch(`${base}${path}`, { method, body });
      expect([method, path, response.status]).toEqual([method, path, 403]);
    }
    expect(await h.storage.size(key)).toBe(3);
    await h.storage.delete(key);
  });
});
