/**
 * The Router's cache policy (decision 080), as plain values so tests read what the stacks deploy.
 * SST's Router has one cache behaviour for every `router.route()` path (/trpc, the crawler pages,
 * the site): this policy decides the cache key, and CloudFront's managed AllViewerExceptHostHeader
 * origin request policy, which SST sets on that behaviour, still forwards every cookie to the
 * origin, so per-user calls work as before.
 *
 * - TTLs: min 0 and default 0, so the origin's Cache-Control decides: an answer without one (or
 *   `private, no-store`) is never kept; a public one for its s-maxage, then stale-while-revalidate.
 * - Key: the URL with its whole query string (tRPC's `input` is there), the host SST's viewer-request
 *   code puts in x-forwarded-host, and the encoding; never a cookie, never Authorization (which
 *   the app does not read: sessions are a cookie).
 */
export function routerCachePolicy() {
  return {
    comment: 'Bedriftstorget: the origin decides (public reads cached, the rest never); no cookie in the key',
    minTtl: 0,
    defaultTtl: 0,
    // The longest an origin may ask for: final images (a year, decision 066).
    maxTtl: 31_536_000,
    parametersInCacheKeyAndForwardedToOrigin: {
      cookiesConfig: { cookieBehavior: 'none' },
      // SST's own two: its server cache key, and the viewer's host for the functions.
      headersConfig: { headerBehavior: 'whitelist', headers: { items: ['x-open-next-cache-key', 'x-forwarded-host'] } },
      queryStringsConfig: { queryStringBehavior: 'all' },
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    },
  };
}

/** CloudFront's managed AllViewerExceptHostHeader origin request policy: cookies, headers and query to the origin. */
export const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
