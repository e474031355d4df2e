/**
 * The queries whose answer is the same for every visitor: the web client sends them in a batch of
 * their own, never together with a per-user query, so the answer can be cached by CloudFront and the
 * local server alike (docs/architecture.md, "Public reads at the edge").
 */
export const PUBLIC_QUERIES = [
  'listing.landing',
  'listing.browse',
  'listing.browseCount',
  'listing.detail',
  'listing.locations',
  'listing.reviewPromise',
  'auth.providers',
  'privacy.contact',
] as const;

export type PublicQuery = (typeof PUBLIC_QUERIES)[number];

export function isPublicQuery(path: string): path is PublicQuery {
  return (PUBLIC_QUERIES as readonly string[]).includes(path);
}
