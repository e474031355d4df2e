import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { transformSync } from 'esbuild';
import { cloudFrontResponseInjection, IMAGE_CSP } from '@bedriftstorget/api/http/security-headers';
import { ORIGIN_SECRET_HEADER } from '@bedriftstorget/api/http/origin-secret';
import { finalImageKey, imageObjectKeys, UPLOAD_PREFIX } from '@bedriftstorget/core/listing/image-variants';
import { IMAGES_LIFECYCLE } from '../../stacks/images-config';
import { noindexResponseInjection, viewerRequestInjection } from '../../stacks/router-code';
import { routerViewerRequestFunction } from '../setup/sst-platform';

const SECRET = 'router-secret-0123456789';

type CfHeaders = Record<string, { value: string }>;
type CfRequest = { uri: string; headers: CfHeaders };
type CfResponse = { statusCode: number; statusDescription: string; headers: CfHeaders };

/**
 * Runs the router's viewer-request code as SST deploys it: injected at the top of an async
 * cloudfront-js-2.0 handler that then routes and returns the request (stacks/router.ts).
 */
async function viewerRequest(uri: string, headers: Record<string, string> = {}): Promise<CfRequest | CfResponse> {
  const code = `async function handler(event) {\n${viewerRequestInjection(SECRET)}\nreturn event.request;\n}\nhandler(event);`;
  const request = { uri, method: 'GET', querystring: {}, headers: Object.fromEntries(Object.entries(headers).map(([n, value]) => [n, { value }])), cookies: {} };
  return (await runInNewContext(code, { event: { version: '1.0', context: {}, viewer: { ip: '198.51.100.7' }, request } })) as CfRequest | CfResponse;
}

const isResponse = (out: CfRequest | CfResponse): out is CfResponse => 'statusCode' in out;
const image = { listingId: 'a1b2c3', imageId: '0f9e-8d7c', width: 1200, height: 800 };

describe('CloudFront serves only checked listing images at /images', () => {
  it('passes every key a listing image is stored under to the bucket, unchanged', async () => {
    const keys = imageObjectKeys(finalImageKey(image));
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) {
      const out = await viewerRequest(`/images/${key}`);
      expect(isResponse(out), key).toBe(false);
      expect((out as CfRequest).uri).toBe(`/images/${key}`);
    }
  });

  it('answers 404 at the edge for raw uploads and anything else under /images, with the image headers', async () => {
    const refused = [
      `/images/${UPLOAD_PREFIX}user-1/a1b2c3_1700000000000_0.jpg`,
      '/images/uploads/',
      '/images/seed/kafe-1.svg',
      '/images/listings/../uploads/u/x.jpg',
      '/images/listings/a1b2c3/../../uploads/u/x.jpg',
      '/images/listings/%2e%2e/uploads/u/x.jpg',
      '/images/listings/a1b2c3%2F..%2F..%2Fuploads%2Fx.jpg',
      '/images/listings/./x.webp',
      '/images/listings/.hidden',
      '/images/listings//x.webp',
      '/images/listings/',
      '/images/listings',
      '/images/',
      '/images/listings/a\\..\\x.webp',
    ];
    for (const uri of refused) {
      const out = await viewerRequest(uri);
      expect([uri, isResponse(out) && out.statusCode]).toEqual([uri, 404]);
      const headers = (out as CfResponse).headers;
      expect(headers['content-security-policy']?.value).toBe(IMAGE_CSP);
      expect(headers['x-content-type-options']?.value).toBe('nosniff');
    }
  });

  it('leaves the site alone and puts the origin secret on /trpc, replacing the viewer\'s own', async () => {
    const page = await viewerRequest('/annonser/abc', { host: 'bedriftstorget.no' });
    expect(page).toMatchObject({ uri: '/annonser/abc', headers: { host: { value: 'bedriftstorget.no' } } });
    expect((page as CfRequest).headers[ORIGIN_SECRET_HEADER]).toBeUndefined();
    const api = await viewerRequest('/trpc/auth.me', { [ORIGIN_SECRET_HEADER]: 'guess' });
    expect((api as CfRequest).headers[ORIGIN_SECRET_HEADER]).toEqual({ value: SECRET });
  });
});

describe('the image bucket expires raw uploads', () => {
  it('has a lifecycle rule for the upload prefix after one day, and none that could touch listing images', () => {
    expect(IMAGES_LIFECYCLE).toEqual([{ id: 'expire-raw-uploads', prefix: 'uploads/', expiresIn: '1 day' }]);
    expect(UPLOAD_PREFIX).toBe('uploads/');
    for (const key of imageObjectKeys(finalImageKey(image))) {
      expect(IMAGES_LIFECYCLE.some((rule) => key.startsWith(rule.prefix)), key).toBe(false);
    }
  });
});

describe('the viewer-request function as SST deploys it', () => {
  /** CloudFront Functions' size limit: 10 KB of code. */
  const CLOUDFRONT_FUNCTION_MAX_BYTES = 10 * 1024;
  // As stacks/router.ts generates it: 48 characters.
  const injection = viewerRequestInjection('s'.repeat(48));

  it('stays within CloudFront\'s 10 KB with production\'s domain (SST adds its cloudfront.net block) and without', { timeout: 300_000 }, async () => {
    for (const withDomain of [false, true]) {
      const code = await routerViewerRequestFunction(injection, withDomain);
      // The rebuild really is SST's function with ours in it (not an empty match), and it parses.
      expect(code).toContain(injection);
      expect(code).toContain('async function routeSite(');
      expect(code.includes("includes('cloudfront.net')")).toBe(withDomain);
      expect(() => transformSync(code, { format: 'esm', loader: 'js' })).not.toThrow();
      expect(Buffer.byteLength(code), `${withDomain ? 'with' : 'without'} a domain`).toBeLessThanOrEqual(CLOUDFRONT_FUNCTION_MAX_BYTES);
    }
  });
});

describe('the viewer-response code on a stage that is not indexed', () => {
  it('adds X-Robots-Tag: noindex to every response, beside the security headers', () => {
    const code = `function handler(event) {\n${cloudFrontResponseInjection('https://bucket.s3.eu-central-1.amazonaws.com')}\n${noindexResponseInjection()}\nreturn event.response;\n}\nhandler(event);`;
    for (const uri of ['/', '/bedrift/abc', '/images/listings/a/b-1x1.webp', '/trpc/auth.me', '/robots.txt']) {
      const response = runInNewContext(code, { event: { request: { uri, headers: {} }, response: { statusCode: 200, headers: {} } } }) as CfResponse;
      expect([uri, response.headers['x-robots-tag']?.value]).toEqual([uri, 'noindex']);
      expect(response.headers['x-content-type-options']?.value).toBe('nosniff');
    }
  });
});
