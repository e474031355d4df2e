import { sitePagePattern } from '@bedriftstorget/core/site/pages';
/**
 * The security headers of every response, in one place for both hosts (decision 005): the local
 * server sets them itself (entry/local-server.ts); in the cloud a CloudFront viewer-response
 * function built from the same values sets them on everything the router serves
 * (stacks/router.ts), so the two cannot drift.
 */

/** Where uploaded images live, relative to the site: CloudFront serves the bucket there. */
export const IMAGES_PATH = '/images/';

/**
 * Ably's hosts as ably-js 2.x uses them: the primary endpoint main.realtime.ably.net (HTTPS for
 * auth, WSS for the connection) and the fallbacks and connectivity check on ably-realtime.com.
 */
export const ABLY_CONNECT_SOURCES = ['https://*.ably.net', 'wss://*.ably.net', 'https://*.ably-realtime.com', 'wss://*.ably-realtime.com'];

/**
 * The page policy: scripts and styles from our origin only (Tailwind's inline styles aside),
 * images from us plus the browser's own blob:/data: previews, XHR to us, Ably and the bucket's
 * presigned-POST origin (cloud) — nothing else, and never inside a frame.
 */
export function contentSecurityPolicy(uploadOrigin?: string | readonly string[]): string {
  const connect = ["'self'", ...ABLY_CONNECT_SOURCES, ...(uploadOrigin ? [uploadOrigin].flat() : [])];
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Uploaded content must never run as a page on our origin, whatever it claims to be. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const COMMON_HEADERS = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The page policy without an upload origin (the local server's, on every answer): built once. */
const PAGE_CSP = contentSecurityPolicy();

/** The headers for one path: images get the sandbox policy, everything else the page policy. */
export function securityHeaders(pathname: string, uploadOrigin?: string | readonly string[]): Record<string, string> {
  const csp = pathname.startsWith(IMAGES_PATH) ? IMAGE_CSP : uploadOrigin === undefined ? PAGE_CSP : contentSecurityPolicy(uploadOrigin);
  return { ...COMMON_HEADERS, 'content-security-policy': csp };
}

/**
 * The body of the router's CloudFront viewer-response function (cloudfront-js-2.0), setting
 * exactly `securityHeaders(uri, uploadOrigin)`. In a viewer-response event `event.request.uri`
 * is the URI the viewer asked for, before the router's rewrites.
 * It also gives the status the local server gives (decision 091): the StaticSite answers every path
 * the bucket lacks with index.html and 200; an HTML answer for a path that is no page of the app
 * becomes 404 (the app shows its Norwegian 404 page either way). Files, /trpc and the listing pages
 * are not touched: they are not HTML, or they are pages.
 */
export function cloudFrontResponseInjection(uploadOrigin: string | readonly string[]): string {
  const page = JSON.stringify(securityHeaders('/', uploadOrigin));
  const image = JSON.stringify(securityHeaders(IMAGES_PATH));
  return [
    `var sh = event.request.uri.indexOf(${JSON.stringify(IMAGES_PATH)}) === 0 ? ${image} : ${page};`,
    'for (var name in sh) event.response.headers[name] = { value: sh[name] };',
    'var ct = event.response.headers["content-type"];',
    `if (event.response.statusCode === 200 && ct && ct.value.indexOf("text/html") === 0 && !${sitePagePattern().toString()}.test(event.request.uri)) { event.response.statusCode = 404; event.response.statusDescription = "Not Found"; }`,
  ].join('\n');
}
