import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startLocalS3, type LocalS3 } from '../../infra/local/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageObjectKeys } from '@bedriftstorget/core/listing/image-variants';
import { localS3Config } from '@bedriftstorget/api/adapters/storage';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { encodeListingImage, FINAL_IMAGE_CACHE_CONTROL, storeListingImage } from '@bedriftstorget/api/seller/image-pipeline';
import { createHarness, testConfig, type Harness } from './harness';

/**
 * Stored listing images carry Cache-Control for a year, immutable (decision 066): S3 keeps it with
 * the object, CloudFront's router cache policy honours it, and the local /images server passes it
 * on as CloudFront does. A stage that is not indexed answers every request with X-Robots-Tag.
 */
let s3: LocalS3;
let dir: string;
let s3Port: number;
let h: Harness;

async function startServer(harness: Harness): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createLocalServer({ services: harness, web: { middlewares: (_req, res) => res.writeHead(404).end() } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bt-s3-cache-'));
  // Port 0: no fixed port another test run on this machine could hold.
  s3 = await startLocalS3(dir, 0, ['listing-images']);
  s3Port = s3.port;
  h = createHarness({ config: { local: { ...testConfig().local!, s3Port } } });
});

afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const png = () => sharp({ create: { width: 1200, height: 800, channels: 3, background: '#335577' } }).png().toBuffer();

describe('a stored listing image', () => {
  it('is stored with Cache-Control for a year, immutable, in every size', async () => {
    const key = await storeListingImage(h.storage, crypto.randomUUID(), await encodeListingImage(await png(), 'image/png'));
    const client = new S3Client(localS3Config(s3Port));
    const keys = imageObjectKeys(key);
    expect(keys.length).toBeGreaterThan(1);
    for (const k of keys) {
      const head = await client.send(new HeadObjectCommand({ Bucket: 'listing-images', Key: k }));
      expect([k, head.CacheControl]).toEqual([k, 'public, max-age=31536000, immutable']);
    }
    expect(FINAL_IMAGE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
  });

  it('is served at /images with the stored Cache-Control, and an object stored without one gets none', async () => {
    const key = await storeListingImage(h.storage, crypto.randomUUID(), await encodeListingImage(await png(), 'image/png'));
    const plain = `listings/${crypto.randomUUID()}/plain-1x1.webp`;
    await h.storage.put(plain, new Uint8Array([1, 2, 3]), 'image/webp');
    const server = await startServer(h);
    try {
      const image = await fetch(`${server.base}/images/${key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('cache-control')).toBe(FINAL_IMAGE_CACHE_CONTROL);
      expect(image.headers.get('x-robots-tag')).toBeNull();
      const other = await fetch(`${server.base}/images/${plain}`);
      expect(other.status).toBe(200);
      expect(other.headers.get('cache-control')).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe('a stage that is not indexed (INDEXABLE=false)', () => {
  it('sends X-Robots-Tag: noindex on pages, images and the API, and robots.txt disallows all', async () => {
    const key = await storeListingImage(h.storage, crypto.randomUUID(), await encodeListingImage(await png(), 'image/png'));
    const server = await startServer({ ...h, config: { ...h.config, indexable: false } });
    try {
      for (const path of [`/images/${key}`, '/trpc/realtime.config?input=%7B%7D', '/robots.txt', '/']) {
        const response = await fetch(`${server.base}${path}`);
        expect([path, response.headers.get('x-robots-tag')]).toEqual([path, 'noindex']);
      }
      expect(await (await fetch(`${server.base}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await server.close();
    }
  });
});
