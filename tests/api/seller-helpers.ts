import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalS3, type LocalS3 } from '../../infra/local/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { listingFields } from './fixtures';
import { createHarness, signedInUser, testConfig, type Browser, type Harness } from './harness';

/**
 * Shared by seller.test.ts and locks-seller.test.ts: a local S3, a seller, a valid form and an upload.
 * The local S3 as `npm start` runs it (decision 135): s3rver behind the front that checks SigV4 and
 * presigned POST policies as S3 does; importing this module starts it for the importing file.
 */
/** The front's port, given by the system (0 asks for a free one): parallel test runs never collide. */
export let S3_PORT = 0;
let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bt-s3-'));
  s3 = await startLocalS3(dir, 0, ['listing-images', 'listing-documents']);
  S3_PORT = s3.port;
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

export function harness(): Harness {
  const local = testConfig().local!;
  return createHarness({ config: { local: { ...local, s3Port: S3_PORT } } });
}

export const PNG = new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6f4e' } }).png().toBuffer());

/** A complete, valid form (tests/api/fixtures.ts). */
export const fields = listingFields;

/** Presign, post the bytes as a browser would (to the local S3's front, which checks the policy), and confirm. */
export async function upload(browser: Browser, listingId: string, bytes: Uint8Array<ArrayBuffer> = PNG, contentType: 'image/png' | 'image/jpeg' = 'image/png', index = 0) {
  const grant = await browser.call((c) => c.seller.presignUpload({ listingId, contentType, index }));
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }));
  const response = await fetch(`http://127.0.0.1:${S3_PORT}/listing-images`, { method: 'POST', body: form });
  expect(response.status).toBeLessThan(300);
  return browser.call((c) => c.seller.confirmUpload({ uploadId: grant.uploadId }));
}

export async function seller(h = harness()) {
  return { h, ...(await signedInUser(h)) };
}

