/**
 * A query batch's body is answered as a string (decision 157): its Content-Length counts bytes,
 * not letters ('ø' is two), Lambda gets the same string, and the local cache keeps bytes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PUBLIC_CACHE } from '@bedriftstorget/api/http/cache-policy';
import { lambdaResultOf } from '@bedriftstorget/api/http/lambda';
import { LocalCache } from '@bedriftstorget/api/http/local-cache';
import { sendServed } from '@bedriftstorget/api/http/node';
import { bodyLength, servedToResponse, type Served } from '@bedriftstorget/api/http/served';

const TEXT = JSON.stringify({ result: { data: { title: 'Frisørsalong på Tøyen – ærlig drift' } } });
const served = (): Served => ({ status: 200, headers: { 'content-type': 'application/json', 'cache-control': PUBLIC_CACHE }, setCookies: [], body: TEXT });

describe('a body answered as a string', () => {
  it('is sent whole by Node with its length in bytes', async () => {
    expect(bodyLength(TEXT)).toBe(Buffer.byteLength(TEXT));
    expect(bodyLength(TEXT)).toBeGreaterThan(TEXT.length);
    const server = createServer((_, res) => void sendServed(res, served()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(TEXT)));
      expect(await response.text()).toBe(TEXT);
    } finally {
      server.close();
    }
  });

  it('is the same text as a Fetch Response and as Lambda\'s result', async () => {
    expect(await servedToResponse(served()).text()).toBe(TEXT);
    expect((await lambdaResultOf(served())).body).toBe(TEXT);
  });

  it('is kept by the local cache as bytes, with their length', async () => {
    const cache = new LocalCache();
    await cache.serve('/k', () => Promise.resolve(served()));
    const hit = cache.fresh('/k');
    expect(Buffer.isBuffer(hit?.body)).toBe(true);
    expect(hit?.body.toString()).toBe(TEXT);
    expect(hit?.head['content-length']).toBe(Buffer.byteLength(TEXT));
  });
});
