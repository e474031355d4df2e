/**
 * The header CloudFront adds to every /trpc request on its way to the Function URL (the router's
 * viewer-request code, stacks/router.ts), carrying a random secret linked to the function. The
 * Function URL itself is public: without this header a request did not come through CloudFront
 * (decision 006). Kept in its own file because the SST stacks import it too.
 */
export const ORIGIN_SECRET_HEADER = 'x-bt-origin-secret';

/** The router's paths for the SEO function (stacks/seo.ts). */
export const SEO_PATHS = ['/bedrift', '/alle-annonser', '/sitemap.xml', '/sitemaps', '/robots.txt'] as const;
/** The router's paths that go to our functions (the API and the SEO function), each with the secret. */
export const FUNCTION_PATHS = ['/trpc', ...SEO_PATHS] as const;

/**
 * The body of the router's viewer-request code (cloudfront-js-2.0): the secret header on every
 * request routed to a function, matched as the Router matches a route (the path itself or below
 * it). Whatever the viewer sent in that header is replaced. Tested offline with node:vm.
 */
export function originSecretInjection(secret: string): string {
  return [
    `var fp = ${JSON.stringify(FUNCTION_PATHS)}, fu = event.request.uri;`,
    `for (var i = 0; i < fp.length; i++) { if (fu === fp[i] || fu.indexOf(fp[i] + '/') === 0) { event.request.headers['${ORIGIN_SECRET_HEADER}'] = { value: ${JSON.stringify(secret)} }; break; } }`,
  ].join('\n');
}
