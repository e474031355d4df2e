/**
 * Every path the web app has a page for (packages/web/src/app/router.tsx), so the server can answer
 * any other path 404 with the app's Norwegian 404 page instead of 200 (decision 091): search engines
 * and link checkers then see a missing page as missing. tests/unit/site-pages.test.ts keeps this
 * list and the router's in step. Listing pages (/bedrift/{id}) are the SEO handler's to answer.
 */
export const SITE_PAGES = [
  '/',
  '/auth',
  '/auth/bekreft',
  '/auth/google/callback',
  '/auth/vipps/callback',
  '/auth/vipps/koble',
  '/meldinger',
  '/alle-annonser',
  '/profil',
  '/legg-ut-annonse',
  '/mine-annonser',
  '/mine-bud',
  '/forny-annonse',
  '/mine-utkast',
  '/lagrede-annonser',
  '/lagrede-sok',
  '/slett-konto',
  '/konto-slettet',
  '/personvern',
  '/varsel/av',
  '/statistikk',
  '/admin',
  '/admin/pending',
  '/admin/annonser',
  '/admin/rapporter',
  '/admin/brukere',
  '/admin/statistikk',
  '/admin/innstillinger',
  '/admin/verdivurderinger',
  '/admin/tilgang',
  '/admin/logg',
] as const;

const pages = new Set<string>(SITE_PAGES);

/** Whether the app has a page at this (decoded) path, matched as the web's router matches: by segment, case-insensitively. */
export function isSitePage(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 2 && parts[0]!.toLowerCase() === 'bedrift') return true;
  return pages.has(`/${parts.join('/').toLowerCase()}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * isSitePage as one regular expression over the raw path, for the CloudFront viewer-response code
 * (packages/api/src/http/security-headers.ts), which cannot import this module: the list is compiled in.
 */
export function sitePagePattern(): RegExp {
  const pages = SITE_PAGES.filter((page) => page !== '/').map((page) => page.slice(1).split('/').map(escapeRegExp).join('/+'));
  return new RegExp(`^/*(?:(?:${pages.join('|')})|bedrift/+[^/]+)?/*$`, 'i');
}
