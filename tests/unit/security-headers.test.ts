import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalConfig } from '@bedriftstorget/api/config';
import type { Services } from '@bedriftstorget/api/context';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { cloudFrontResponseInjection, IMAGE_CSP, securityHeaders } from '@bedriftstorget/api/http/security-headers';

const BUCKET = 'https://bedriftstorget-images-abc.s3.eu-north-1.amazonaws.com';

/** Runs the router's viewer-response code as CloudFront Functions would, for one viewer URI. */
function cloudFrontHeaders(uri: string): Record<string, string> {
  const code = `function handler(event) {\n${cloudFrontResponseInjection(BUCKET)}\nreturn event.response;\n}\nhandler(event);`;
  const event = { request: { uri, headers: {} }, response: { statusCode: 200, headers: { 'content-type': { value: 'text/html' } } } };
  const response = runInNewContext(code, { event }) as { headers: Record<string, { value: string }> };
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'content-type').map(([name, { value }]) => [name, value]));
}

// The local server with a built-app folder; only the static and image paths are asked for,
// and the image store answers "not found" (the headers do not depend on the image).
let base = '';
const server = (async () => {
  const distDir = await mkdtemp(join(tmpdir(), 'bt-dist-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><title>x</title>');
  const config = loadLocalConfig({ DATA_DIR: join(distDir, 'data') });
  const services = { config, storage: { get: () => Promise.resolve(null) } } as unknown as Services;
  return createLocalServer({ services, web: { distDir } });
})();
beforeAll(async () => {
  const s = await server;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
});
afterAll(async () => (await server).close());

async function localHeaders(path: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}${path}`);
  await response.arrayBuffer();
  const names = Object.keys(securityHeaders('/'));
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name) ?? '(missing)']));
}

describe('security headers: one policy, two hosts', () => {
  it('CloudFront sets exactly the module\'s headers: page policy with the bucket, sandbox for /images', () => {
    expect(cloudFrontHeaders('/')).toEqual(securityHeaders('/', BUCKET));
    expect(cloudFrontHeaders('/annonser/abc')).toEqual(securityHeaders('/annonser/abc', BUCKET));
    expect(cloudFrontHeaders('/trpc/auth.me')).toEqual(securityHeaders('/', BUCKET));
    expect(cloudFrontHeaders('/images/listings/a/b.webp')).toEqual(securityHeaders('/images/listings/a/b.webp'));
    expect(cloudFrontHeaders('/images/listings/a/b.webp')['content-security-policy']).toBe(IMAGE_CSP);
  });

  it('the local server sends the same text (its uploads go to its own origin, so no bucket)', async () => {
    const page = await localHeaders('/annonser/abc');
    expect(page).toEqual(securityHeaders('/'));
    const cloudPage = cloudFrontHeaders('/annonser/abc');
    expect(cloudPage['content-security-policy']).toBe(page['content-security-policy']!.replace(/(connect-src [^;]*)/, `$1 ${BUCKET}`));
    const { 'content-security-policy': _a, ...cloudRest } = cloudPage;
    const { 'content-security-policy': _b, ...localRest } = page;
    expect(localRest).toEqual(cloudRest);
    expect(await localHeaders('/images/listings/x.webp')).toEqual(cloudFrontHeaders('/images/listings/x.webp'));
  });

  it('allows exactly what the app uses: self, Ably, the bucket; HSTS, nosniff, no framing', () => {
    const headers = securityHeaders('/', BUCKET);
    expect(headers['content-security-policy']).toContain(`connect-src 'self' https://*.ably.net wss://*.ably.net https://*.ably-realtime.com wss://*.ably-realtime.com ${BUCKET};`);
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(securityHeaders('/images/a.webp')['x-content-type-options']).toBe('nosniff');
  });
});
