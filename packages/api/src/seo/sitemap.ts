import { asc, count, eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { Database } from '../db/client';
import { escapeHtml, listingPath } from './head';

/**
 * /sitemap.xml and /robots.txt. The sitemap protocol allows 50,000 URLs per file:
 * up to that /sitemap.xml is one <urlset>; past it, it is a <sitemapindex> of /sitemaps/N.xml
 * (decision 049). The URLs are one sequence, the main pages first and then every public listing
 * by id, so a page is an offset into it and needs no state.
 */
export const SITEMAP_PAGE_SIZE = 50_000;

/** The public pages besides the listings. */
export const MAIN_PAGES = ['/', '/alle-annonser'] as const;

/** What crawlers must not read: the back office, messages and every account page. */
export const DISALLOWED_PATHS = [
  '/admin', '/meldinger', '/profil', '/mine-annonser', '/mine-utkast', '/lagrede-annonser', '/lagrede-sok',
  '/statistikk', '/legg-ut-annonse', '/auth', '/trpc',
] as const;

export const sitemapPagePath = (n: number) => `/sitemaps/${n}.xml`;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A stage that is not indexed (seo/indexing.ts) keeps every crawler out and names no sitemap. */
export function robotsTxt(appUrl: string, indexable: boolean): string {
  if (!indexable) return 'User-agent: *\nDisallow: /\n';
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
}

interface SitemapUrl {
  path: string;
  lastmod?: Date;
}

function urlset(appUrl: string, urls: SitemapUrl[]): string {
  const entries = urls.map(({ path, lastmod }) =>
    `<url><loc>${escapeHtml(`${appUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(appUrl: string, pages: number): string {
  const entries = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${escapeHtml(`${appUrl}${sitemapPagePath(i + 1)}`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

async function publicListingCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(eq(listings.isPublic, true));
  return Number(row?.n ?? 0);
}

/** Items [start, start + size) of the sequence: main pages, then public listings by id. */
async function urlsFrom(db: Database, start: number, size: number): Promise<SitemapUrl[]> {
  const main: SitemapUrl[] = MAIN_PAGES.slice(start, start + size).map((path) => ({ path }));
  const wanted = size - main.length;
  if (wanted <= 0) return main;
  const rows = await db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(eq(listings.isPublic, true))
    .orderBy(asc(listings.id))
    .limit(wanted)
    .offset(Math.max(0, start - MAIN_PAGES.length));
  return [...main, ...rows.map((row) => ({ path: listingPath(row.id), lastmod: row.updatedAt }))];
}

/** /sitemap.xml: every URL, or the index of the pages once there are more than one page holds. */
export async function sitemapRoot(db: Database, appUrl: string, pageSize = SITEMAP_PAGE_SIZE): Promise<string> {
  const total = MAIN_PAGES.length + (await publicListingCount(db));
  if (total <= pageSize) return urlset(appUrl, await urlsFrom(db, 0, pageSize));
  return sitemapIndex(appUrl, Math.ceil(total / pageSize));
}

/** /sitemaps/N.xml (1-based), or null past the last page. */
export async function sitemapPage(db: Database, appUrl: string, n: number, pageSize = SITEMAP_PAGE_SIZE): Promise<string | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const total = MAIN_PAGES.length + (await publicListingCount(db));
  if ((n - 1) * pageSize >= total) return null;
  return urlset(appUrl, await urlsFrom(db, (n - 1) * pageSize, pageSize));
}
