/**
 * The code the CloudFront router runs on every viewer request before it routes (SST inserts it at
 * the top of its viewer-request function), as plain functions so tests can run it
 * (tests/unit/cloudfront-router.test.ts). stacks/router.ts passes it the origin secret.
 */
import { FORMAT_HEADERS } from '../packages/api/src/http/format-headers';
import { originSecretInjection } from '../packages/api/src/http/origin-secret';
import { IMAGES_PATH, securityHeaders } from '../packages/api/src/http/security-headers';
import { NOINDEX_HEADER } from '../packages/api/src/seo/indexing';
import { SERVED_IMAGE_PREFIX } from './images-config';

/**
 * A served image URI: /images/listings/ followed by plain path segments. No segment starts with a
 * dot and no `%` is allowed, so neither `..` nor an encoded separator can reach another prefix of
 * the bucket (S3 takes keys literally; CloudFront does not normalise the path).
 */
export const SERVED_IMAGE_URI = new RegExp(`^${IMAGES_PATH}${SERVED_IMAGE_PREFIX}(?:[A-Za-z0-9_-][A-Za-z0-9._-]*/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$`);

/**
 * CloudFront does not run the viewer-response function on a response the viewer-request function
 * makes, so the refusal carries the image security headers itself.
 */
function notFoundResponse(): string {
  const headers = Object.fromEntries(
    Object.entries({ ...securityHeaders(IMAGES_PATH), 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).map(([name, value]) => [name, { value }]),
  );
  return JSON.stringify({ statusCode: 404, statusDescription: 'Not Found', headers });
}

/**
 * A GET or HEAD to a function path is what the cache keeps, keyed by the URL only (edge-cache.ts):
 * the headers tRPC reads to pick another format (a JSONL stream, another body parser) are dropped
 * before the cache is asked, so the origin answers every such request as it answers a plain
 * visitor, and no one can put a stream under a public URL (decision 105). None of the functions'
 * answers depends on them otherwise (the web client sends none on a GET). Runs right after
 * originSecretInjection, whose loop leaves `i < fp.length` exactly when the URI is a function path
 * (one loop for both keeps the function within CloudFront's 10 KB).
 */
export function formatHeaderInjection(): string {
  return `if (i < fp.length && /^(GET|HEAD)$/.test(event.request.method)) ${JSON.stringify(FORMAT_HEADERS)}.forEach(function (h) { delete event.request.headers[h]; });`;
}

/**
 * 1. Under /images/, anything but a listing image (raw uploads, seed files, odd paths) is answered
 *    404 at the edge: it never reaches the bucket.
 * 2. Every request to a function path (/trpc, the listing pages, sitemap, robots) gets the origin secret
 *    (decision 006), replacing whatever the viewer sent.
 * 3. A cacheable request to a function path loses the headers that change an answer's format.
 */
export function viewerRequestInjection(originSecret: string): string {
  return [
    `if (event.request.uri.indexOf(${JSON.stringify(IMAGES_PATH)}) === 0 && !${SERVED_IMAGE_URI.toString()}.test(event.request.uri)) return ${notFoundResponse()};`,
    originSecretInjection(originSecret),
    formatHeaderInjection(),
  ].join('\n');
}

/**
 * Viewer-response code for a stage search engines must not index (every stage but production,
 * decision 066): the header on every response the Router serves, pages, API, images and files alike.
 */
export function noindexResponseInjection(): string {
  return `event.response.headers[${JSON.stringify(NOINDEX_HEADER.name)}] = { value: ${JSON.stringify(NOINDEX_HEADER.value)} };`;
}
