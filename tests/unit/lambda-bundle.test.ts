import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER } from '@bedriftstorget/api/http/origin-secret';
import { buildFunctionBundles, type FunctionBundle } from '../../infra/lambda/build';
import { FUNCTION_NODEJS } from '../../stacks/function-build';
import { BUNDLE_BUDGET_KB } from '../bench/bundle-budget';
import { APP_URL, invokeAll as invoke, lambdaEnvironment, ORIGIN_SECRET as SECRET, scheduledEvent, startBundle, urlEvent } from '../setup/lambda';

/**
 * The functions as SST builds them from the stacks' own `nodejs` options (stacks/function-build.ts:
 * esbuild, ESM, minified, SST's banner, the AWS SDK left to the runtime), loaded by a plain Node
 * process as the Lambda runtime loads them, and invoked with Function URL (payload 2.0) and Cron
 * events. Nothing here needs a database: the same bundles against a real database (through the
 * PlanetScale driver) are in tests/api/lambda-cloud.test.ts.
 */

let bundles: Record<string, FunctionBundle>;
beforeAll(async () => {
  bundles = Object.fromEntries((await buildFunctionBundles()).map((b) => [b.name, b]));
}, 120_000);

describe('the bundles as built', () => {
  it('stay within 560 KB and load the AWS SDK and sharp only when first used (not at a cold start)', () => {
    for (const bundle of Object.values(bundles)) {
      // 560 KB (decision 007): far below a bundled AWS SDK (1,180 KB) or a stray `import { z }` (706 KB).
      expect(bundle.bytes, bundle.name).toBeLessThanOrEqual(BUNDLE_BUDGET_KB * 1024);
      // A static import of @aws-sdk/client-s3 alone added 0.3–1.5 s to every cold start here.
      expect(bundle.staticExternals, bundle.name).toEqual([]);
    }
  });

  it('leave the AWS SDK to the runtime, and only the API gets sharp installed beside it', () => {
    // Bundled, the SDK made the API 1,180 KB and the Cron 1,063 KB (decision 069).
    expect(bundles.api!.externals).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/s3-presigned-post', 'sharp']));
    expect(bundles.cron!.externals).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/client-sesv2']));
    for (const bundle of Object.values(bundles)) {
      expect(bundle.externals.filter((name) => !name.startsWith('@aws-sdk/') && name !== 'sharp' && name !== 'pdf-lib'), bundle.name).toEqual([]);
    }
    // sharp with libvips is ~17 MB: deployed with the API (upload checks), not with the job or the SEO function.
    // pdf-lib likewise, loaded at the first data-room upload or download (decision 097).
    expect(Object.fromEntries(Object.values(bundles).map((b) => [b.name, b.installed]))).toEqual({ api: ['sharp', 'pdf-lib'], cron: [], seo: [], mailEvents: [] });
    // A function that imports sharp names it in `install` itself rather than trust SST to notice (function-build.ts).
    for (const bundle of Object.values(bundles)) {
      if (bundle.externals.includes('sharp')) expect(FUNCTION_NODEJS[bundle.name].install, bundle.name).toContain('sharp');
    }
  });
});

describe('the API bundle behind a Function URL', () => {
  it('answers only requests that carry the router secret, whatever viewer address they claim', async () => {
    const query = { path: '/trpc/realtime.config', query: 'input=%7B%7D' };
    const [none, wrong, right] = await invoke(bundles.api!, [
      urlEvent({ ...query, headers: { 'cloudfront-viewer-address': '203.0.113.9:443' } }),
      urlEvent({ ...query, headers: { [ORIGIN_SECRET_HEADER]: 'guess', 'cloudfront-viewer-address': '203.0.113.9:443' } }),
      urlEvent({ ...query, headers: { [ORIGIN_SECRET_HEADER]: SECRET } }),
    ]);
    expect(none!.result).toMatchObject({ statusCode: 403, body: 'Forbidden' });
    expect(wrong!.result).toMatchObject({ statusCode: 403, body: 'Forbidden' });
    expect(right!.result!.statusCode).toBe(200);
    expect(JSON.parse(right!.result!.body!)).toEqual({ result: { data: { mode: 'off' } } });
  }, 60_000);

  it('turns realtime off with one logged error when the AblyKey secret is malformed, and keeps answering', async () => {
    const running = await startBundle(bundles.api!, lambdaEnvironment({ ablyKey: 'not-an-ably-key' }));
    try {
      const query = { path: '/trpc/realtime.config', query: 'input=%7B%7D', headers: { [ORIGIN_SECRET_HEADER]: SECRET } };
      const [first, second] = [await running.invoke(urlEvent(query)), await running.invoke(urlEvent(query))];
      for (const outcome of [first, second]) {
        expect(outcome.result?.statusCode, running.output()).toBe(200);
        expect(JSON.parse(outcome.result!.body!)).toEqual({ result: { data: { mode: 'off' } } });
      }
      expect(running.output().match(/AblyKey is not an Ably API key/g)).toHaveLength(1);
    } finally {
      await running.close();
    }
  }, 60_000);

  it('refuses a mutation from another origin before anything else', async () => {
    const body = JSON.stringify({ email: 'ikke-en-adresse', password: 'hemmelig1' });
    const headers = { [ORIGIN_SECRET_HEADER]: SECRET, 'content-type': 'application/json' };
    const [foreign] = await invoke(bundles.api!, [
      urlEvent({ method: 'POST', path: '/trpc/auth.signUp', headers: { ...headers, origin: 'https://evil.example' }, body }),
    ]);
    expect(foreign!.result!.statusCode).toBe(403);
    expect((JSON.parse(foreign!.result!.body!) as { error: { message: string } }).error.message).toContain('https://evil.example');
    // A mutation from our own origin first counts against its rate limits, in the database: the
    // base64 body reaching the input validation is tested with one (tests/api/lambda-cloud.test.ts).
  }, 60_000);
});

describe('the Cron bundle', () => {
  it('loads and fails the invocation when a scheduled step fails (so the retry and the alarm see it)', async () => {
    const [run] = await invoke(bundles.cron!, [scheduledEvent()]);
    expect(run!.error).toMatch(/^scheduled steps failed/);
  }, 60_000);
});

describe('the SEO bundle behind a Function URL', () => {
  it('answers robots.txt (no database needed) only with the router secret, gzipped when asked', async () => {
    const [none, plain, gzip] = await invoke(bundles.seo!, [
      urlEvent({ path: '/robots.txt' }),
      urlEvent({ path: '/robots.txt', headers: { [ORIGIN_SECRET_HEADER]: SECRET } }),
      urlEvent({ path: '/robots.txt', headers: { [ORIGIN_SECRET_HEADER]: SECRET, 'accept-encoding': 'gzip' } }),
    ], lambdaEnvironment({ indexable: true }));
    expect(none!.result).toMatchObject({ statusCode: 403, body: 'Forbidden' });
    expect(plain!.result).toMatchObject({ statusCode: 200 });
    expect(plain!.result!.body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(plain!.result!.body).toContain('Disallow: /admin');
    expect(gzip!.result!.headers!['content-encoding']).toBe('gzip');
  }, 60_000);

  it('keeps every crawler out on a stage that is not indexed, and on one whose stack does not say', async () => {
    for (const env of [lambdaEnvironment({ indexable: false }), lambdaEnvironment()]) {
      const [robots] = await invoke(bundles.seo!, [urlEvent({ path: '/robots.txt', headers: { [ORIGIN_SECRET_HEADER]: SECRET } })], env);
      expect(robots!.result).toMatchObject({ statusCode: 200, body: 'User-agent: *\nDisallow: /\n' });
    }
  }, 60_000);
});
