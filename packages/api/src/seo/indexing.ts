/**
 * Whether search engines may index a stage (decision 066): production only. Any other stage, with
 * its cloudfront.net host, is a copy of the site that must not compete with it in search results.
 * Such a stage answers every request with this header (the cloud's viewer-response code,
 * stacks/router-code.ts; the local server when INDEXABLE=false) and robots.txt disallows all.
 */
export const NOINDEX_HEADER = { name: 'x-robots-tag', value: 'noindex' } as const;
