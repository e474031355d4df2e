/**
 * How long each function may run, and how long the Router waits for the ones it routes to
 * (decision 068). Plain values, so tests read what the stacks deploy.
 *
 * The Router's origin read timeout is 20 s unless a route sets its own (SST's router.ts). A shorter
 * wait than the function's timeout answers 504 while the function goes on, and may commit what the
 * viewer was told failed; CloudFront may also try a GET again. So every routed function's route
 * waits its timeout plus a margin for a cold start's initialisation, which Lambda does not count
 * in the timeout.
 */

export const FUNCTION_TIMEOUT_SECONDS = {
  /** tRPC: a few statements per request; the slowest is an upload check (sharp on a 12-megapixel image). */
  api: 30,
  /** Listing pages and the sitemap (up to 50,000 URLs per page, decision 049). */
  seo: 20,
  /** Every step of the scheduled job in one run (every 15 minutes). */
  cron: 120,
} as const;

/** Init of our bundles takes well under a second; this leaves room for a slow one. */
export const COLD_START_MARGIN_SECONDS = 5;

/** CloudFront's upper bound for an origin's response timeout without a quota increase. */
export const CLOUDFRONT_MAX_READ_TIMEOUT_SECONDS = 60;

/** The Router's read timeout for a routed function, in SST's duration format. */
export function routeReadTimeout(fn: 'api' | 'seo'): `${number} seconds` {
  return `${FUNCTION_TIMEOUT_SECONDS[fn] + COLD_START_MARGIN_SECONDS} seconds`;
}

export function functionTimeout(fn: keyof typeof FUNCTION_TIMEOUT_SECONDS): `${number} seconds` {
  return `${FUNCTION_TIMEOUT_SECONDS[fn]} seconds`;
}
