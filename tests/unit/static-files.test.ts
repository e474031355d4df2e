/**
 * The local server's static files, as CloudFront would serve them (decision 022): pre-compressed
 * twins by Accept-Encoding, immutable caching for hashed assets, no-cache for index.html, SPA
 * fallback, and never a source map.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, IMMUTABLE, serveStatic } from '@bedriftstorget/api/entry/static-files';
import { compressFile } from '../../packages/web/build-output';

const SCRIPT = `console.log(${JSON.stringify('Bedriftstorget '.repeat(400))});\n`;
const HTML = `<!doctype html><html lang="nb"><head><title>Bedriftstorget</title></head><body>${'<p>hei</p>'.repeat(200)}</body></html>`;

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bt-static-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), HTML);
  await writeFile(join(dir, 'assets/app-Ab12Cd.js'), SCRIPT);
  await writeFile(join(dir, 'assets/app-Ab12Cd.js.map'), '{"version":3,"sources":["secret.ts"]}');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await Promise.all([compressFile(join(dir, 'index.html')), compressFile(join(dir, 'assets/app-Ab12Cd.js'))]);
  server = createServer((req, res) => {
    void serveStatic(dir, req, res, new URL(req.url ?? '/', 'http://x').pathname, { 'x-extra': 'yes' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A raw GET (no automatic decompression, unlike fetch). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', () => {
  it('sends the brotli twin when brotli is accepted, with the right length and Vary', async () => {
    const res = await get('/assets/app-Ab12Cd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when only gzip is accepted, and plain bytes when nothing is', async () => {
    const gz = await get('/assets/app-Ab12Cd.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-Ab12Cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const refused = await get('/assets/app-Ab12Cd.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year, immutable; index.html and client routes must revalidate', async () => {
    expect((await get('/assets/app-Ab12Cd.js')).headers['cache-control']).toBe(IMMUTABLE);
    for (const path of ['/', '/alle-annonser', '/bedrift/abc', '/favicon.svg']) {
      expect((await get(path, { 'accept-encoding': 'br' })).headers['cache-control'], path).toBe('no-cache');
    }
    const route = await get('/alle-annonser', { 'accept-encoding': 'br' });
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['x-extra']).toBe('yes');
    expect(brotliDecompressSync(route.body).toString()).toBe(HTML);
  });

  it("answers a path the app has no page for 404, with the app's HTML (its Norwegian 404 page)", async () => {
    for (const path of ['/finnes-ikke', '/admin/finnes-ikke', '/alle-annonser/ekstra', '/bedrift']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.body.toString(), path).toBe(HTML);
    }
    for (const path of ['/', '/alle-annonser', '/Alle-annonser/', '/admin/logg', '/bedrift/abc', '/lagrede-sok']) expect((await get(path)).status, path).toBe(200);
  });

  it('never serves source maps or the compressed twins by name, and answers a missing asset 403 as the cloud bucket does', async () => {
    for (const path of ['/assets/app-Ab12Cd.js.map', '/assets/app-Ab12Cd.js.br', '/assets/app-Ab12Cd.js.gz']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString()).not.toContain('secret.ts');
    }
    // S3 behind CloudFront may read but not list the bucket: a key that is not there is 403, never the SPA's HTML.
    const gone = await get('/assets/gone-Zz99.js');
    expect(gone.status).toBe(403);
    expect(gone.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers HEAD without a body, refuses other methods, and rejects malformed paths with 400', async () => {
    const head = await get('/assets/app-Ab12Cd.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect((await get('/', {}, 'POST')).status).toBe(405);
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/a%00b')).status).toBe(400);
    expect((await get('/..%2F..%2Fetc%2Fpasswd')).body.toString()).toBe(HTML);
  });

  it('reads Accept-Encoding weights', () => {
    expect(acceptedEncodings('gzip, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0.5, gzip')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
