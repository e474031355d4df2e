import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { Resource } from 'sst';
import { loadCloudConfig, PLACEHOLDER, type Config } from '../config';
import type { Database } from '../db/client';
import { bindToRequest } from '../db/bind';
import { connectPlanetscale } from '../db/planetscale';
import { cameThroughCloudFront, lambdaEventToRequest, NOT_FROM_CLOUDFRONT } from '../http/lambda';
import { logRefusal, observeRequest, rawSink, setRequestLogSink } from '../observability/request-log';
import { handleSeo } from '../seo/handler';
import { acceptedEncodings } from './static-files';
import { request as requestTexts } from '@bedriftstorget/core/texts/http';

/**
 * The SEO Lambda behind the CloudFront router at /bedrift, /sitemap.xml, /sitemaps and /robots.txt
 * (stacks/seo.ts, decision 049): the same handler as the local server. It needs only the database
 * and the site's address, so it is built without the API's adapters (no mail, storage, Ably).
 */
let services: { db: Database; config: Config } | null = null;
function seoServices() {
  if (services) return services;
  const config = loadCloudConfig({
    databaseUrl: Resource.DatabaseUrl.value, imageBucket: '', mailFrom: '', googleClientId: PLACEHOLDER, googleClientSecret: PLACEHOLDER,
  });
  services = { db: connectPlanetscale(config.databaseUrl), config };
  return services;
}

/** How long one instance reuses the deployed index.html before asking for it again (a deploy changes its asset names). */
export const SHELL_TTL_MS = 60_000;
let shell: { html: string; at: number } | null = null;

/** The deployed SPA shell, as every viewer gets it from the StaticSite behind the same router. */
export async function deployedShell(appUrl: string, now = Date.now(), load: typeof fetch = fetch): Promise<string> {
  if (shell && now - shell.at < SHELL_TTL_MS) return shell.html;
  const response = await load(`${appUrl}/index.html`, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`index.html: ${response.status}`);
  shell = { html: await response.text(), at: now };
  return shell.html;
}

/**
 * A Fetch response as a Function URL result, gzipped when the viewer takes gzip: a full sitemap
 * page (50,000 URLs, ~6 MB) would be at Lambda's 6 MB response limit; gzipped it is ~300 KB.
 */
export async function compressedResult(response: Response, acceptEncoding: string | undefined): Promise<APIGatewayProxyStructuredResultV2> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const body = Buffer.from(await response.arrayBuffer());
  headers.vary = 'Accept-Encoding';
  if (body.length > 0 && acceptedEncodings(acceptEncoding).includes('gzip')) {
    const gz = gzipSync(body);
    return { statusCode: response.status, headers: { ...headers, 'content-encoding': 'gzip', 'content-length': String(gz.length) }, body: gz.toString('base64'), isBase64Encoded: true };
  }
  return { statusCode: response.status, headers, body: body.toString('utf8'), isBase64Encoded: false };
}

const notFound = () => new Response(requestTexts.pageNotFound, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** Every request logs one line under the invocation's own request id (docs/decisions/073). */
// One log event of pure JSON per line, as the API's (decision 111).
setRequestLogSink(rawSink);

export async function handler(event: APIGatewayProxyEventV2, context?: Pick<Context, 'awsRequestId'>): Promise<APIGatewayProxyStructuredResultV2> {
  const facts = { requestId: context?.awsRequestId ?? event.requestContext.requestId, route: 'seo' as const, method: event.requestContext.http.method, path: event.rawPath };
  if (!cameThroughCloudFront(event, Resource.OriginSecret.value)) {
    await logRefusal(facts, NOT_FROM_CLOUDFRONT.statusCode!);
    return NOT_FROM_CLOUDFRONT;
  }
  const { db, config } = seoServices();
  const request = lambdaEventToRequest(event, config.appUrl);
  const response = await observeRequest(facts, async (scope) => (await handleSeo({ db: bindToRequest(db, scope), config }, request, { shell: () => deployedShell(config.appUrl) })) ?? notFound());
  return compressedResult(response, event.headers['accept-encoding']);
}
