import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER } from '@bedriftstorget/api/http/origin-secret';
import { buildFunctionBundles, type FunctionBundle } from '../../infra/lambda/build';
import { API_LOG_METRICS } from '../../stacks/alarm-definitions';
import { FUNCTION_NODEJS, sstNodejs } from '../../stacks/function-build';
import { matchesFilterPattern } from '../setup/filter-pattern';
import { BUNDLE_BUDGET_KB } from '../bench/bundle-budget';
import { APP_URL, invokeAll as invoke, lambdaEnvironment, ORIGIN_SECRET as SECRET, scheduledEvent, startBundle, urlEvent } from '../setup/lambda';

/**
 * The functions as SST builds them from the stacks' own `nodejs` options (stacks/function-build.ts:
 * esbuild, ESM, minified, SST's banner, the text catalogue split, the AWS SDK installed beside the
 * bundle), each in a folder outside the repository holding only what the deploy ships, loaded by a
 * plain Node process as the Lambda runtime loads them, and invoked with Function URL (payload 2.0)
 * and Cron events. Nothing here needs a database: the same bundles against a real database (through
 * the PlanetScale driver) are in tests/api/lambda-cloud.test.ts.
 */
const run = promisify(execFile);

let bundles: Record<string, FunctionBundle>;
beforeAll(async () => {
  bundles = Object.fromEntries((await buildFunctionBundles()).map((b) => [b.name, b]));
}, 120_000);

describe('the bundles as built', () => {
  it('stay within the size budget and load the AWS SDK and sharp only when first used (not at a cold start)', () => {
    for (const bundle of Object.values(bundles)) {
      // 560 KB (decisions 007, 109): far below a bundled AWS SDK (1,180 KB) or a stray `import { z }` (706 KB).
      expect(bundle.bytes, bundle.name).toBeLessThanOrEqual(BUNDLE_BUDGET_KB * 1024);
      // A static import of @aws-sdk/client-s3 alone added 0.3–1.5 s to every cold start here.
      expect(bundle.staticExternals, bundle.name).toEqual([]);
    }
  });

  it('install every package they import beside them, pinned to the version the tests ran; only the API gets sharp and pdf-lib', async () => {
    // Bundled, the SDK made the API 1,180 KB and the Cron 1,063 KB (decision 069); left to the
    // runtime, AWS decides which SDK (if any) each function gets (decision 109).
    expect(bundles.api!.externals).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/client-sesv2', '@aws-sdk/s3-presigned-post', '@aws-sdk/s3-request-presigner', 'sharp']));
    expect(bundles.cron!.externals).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', '@aws-sdk/client-sesv2']));
    for (const bundle of Object.values(bundles)) {
      expect(bundle.installed.slice().sort(), bundle.name).toEqual(bundle.externals);
      for (const [pkg, version] of Object.entries(sstNodejs(bundle.name).install)) {
        const shipped = JSON.parse(await readFile(join(bundle.dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string };
        expect(shipped.version, `${bundle.name}: ${pkg}`).toBe(version);
      }
    }
    // sharp with libvips is ~17 MB: deployed with the API (upload checks), not with the job or the SEO function.
    // pdf-lib likewise, loaded by the PDF worker the API bundle carries (decisions 097, 103); openid-client at the first Vipps sign-in (decision 119).
    expect(Object.fromEntries(Object.values(bundles).map((b) => [b.name, b.installed.filter((p) => !p.startsWith('@aws-sdk/'))]))).toEqual({ api: ['sharp', 'pdf-lib', 'openid-client'], cron: ['openid-client'], seo: [], mailEvents: [] });
    // A function that imports sharp names it in `install` itself rather than trust SST to notice (function-build.ts).
    for (const bundle of Object.values(bundles)) {
      if (bundle.externals.includes('sharp')) expect(FUNCTION_NODEJS[bundle.name].install, bundle.name).toContain('sharp');
    }
  });

  it('carry the PDF worker inside the API bundle (not a file beside it a deploy could leave out), and only there', () => {
    // The worker's code is a string in the bundle, counted in its budget (decision 103).
    expect(bundles.api!.pdfWorkerBytes).toBeGreaterThan(1000);
    expect(bundles.api!.pdfWorkerBytes).toBeLessThan(30 * 1024);
    expect(bundles.api!.externals).toContain('pdf-lib');
    for (const name of ['cron', 'seo', 'mailEvents']) expect(bundles[name]!.pdfWorkerBytes, name).toBe(0);
  });

  it('load every package they import from their own folder, where nothing else the repository installed is reachable', async () => {
    for (const bundle of Object.values(bundles)) {
      // What the handler imports at first use (import()), imported now, from beside the bundle.
      const probe = join(bundle.dir, 'probe.mjs');
      await writeFile(probe, `for (const name of ${JSON.stringify(bundle.externals)}) await import(name);\nconsole.log('ok');\n`);
      const { stdout } = await run(process.execPath, [probe], { cwd: bundle.dir, env: { PATH: process.env.PATH } });
      expect(stdout.trim(), bundle.name).toBe('ok');
      // The repository's own packages (here zod, which every bundle contains) are not there to fall back on.
      await writeFile(probe, `await import('zod');\n`);
      await expect(run(process.execPath, [probe], { cwd: bundle.dir, env: { PATH: process.env.PATH } }), bundle.name).rejects.toThrow(/Cannot find package 'zod'/);
    }
  }, 60_000);
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

  it('writes each request line as a log event of pure JSON, which the api-5xx metric filter counts when it is a 5xx', async () => {
    // No database here (port 9): a public read that needs it answers 503, as when PlanetScale is away.
    const running = await startBundle(bundles.api!, lambdaEnvironment());
    try {
      const headers = { [ORIGIN_SECRET_HEADER]: SECRET };
      const down = await running.invoke(urlEvent({ path: '/trpc/listing.reviewPromise', query: 'input=%7B%7D', headers }));
      const fine = await running.invoke(urlEvent({ path: '/trpc/realtime.config', query: 'input=%7B%7D', headers }));
      expect([down.result?.statusCode, fine.result?.statusCode], running.output()).toEqual([503, 200]);
      const requestLines = running.logEvents().filter((event) => event.includes('"type":"request"'));
      expect(requestLines, running.output()).toHaveLength(2);
      const pattern = API_LOG_METRICS.find((metric) => metric.key === 'api-5xx')!.pattern;
      const counted = running.logEvents().filter((event) => matchesFilterPattern(pattern, event));
      expect(counted.map((event) => (JSON.parse(event) as { status: number; requestId: string }).status)).toEqual([503]);
      expect(JSON.parse(counted[0]!)).toMatchObject({ requestId: 'lambda-request-1', procedures: ['listing.reviewPromise'] });
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
