import { TRPCError } from '@trpc/server';
import type { Services } from '../context';
import type { Database } from '../db/client';
import { listingPage } from '../listing/detail';
import { firstDataTag } from './first-data';
import { browseFirstTags, isBrowsePath } from './browse-page';
import { injectHead, listingPageHtml, notFoundPageHtml, type ListingHead } from './head';
import { PUBLIC_CACHE } from '../http/cache-policy';
import { robotsTxt, sitemapPage, sitemapRoot, SITEMAP_PAGE_SIZE } from './sitemap';
import { request as requestTexts } from '@bedriftstorget/core/texts/http';

/**
 * The pages crawlers ask for, as one Fetch handler for both hosts (like http/handler.ts for tRPC):
 * the local server calls it before its static files, the cloud's SEO Lambda behind CloudFront at
 * /bedrift, /sitemap.xml, /sitemaps and /robots.txt (stacks/seo.ts). The SPA shell comes from
 * the caller: the built dist/index.html locally, the deployed one in the cloud.
 */
export interface SeoOptions {
  /** The built SPA's index.html. */
  shell: () => Promise<string>;
  /** URLs per sitemap file; tests pass a small one to reach the index without 50,000 listings. */
  sitemapPageSize?: number;
}

const LISTING_PATH = /^\/bedrift(?:\/([^/]*))?\/?$/;
const SITEMAP_PAGE = /^\/sitemaps\/(\d{1,9})\.xml$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Pages and sitemaps are the same for everyone (no cookie is read here): cached at the edge and by
 * the local server like the public API answers (decision 080). A not-found page is never kept, so
 * a listing shows as soon as it is approved; robots.txt changes only with a deploy.
 */
export const PAGE_CACHE = PUBLIC_CACHE;
export const NOT_FOUND_CACHE = 'no-cache';
export const ROBOTS_CACHE = 'public, max-age=3600';

const isListingPath = (pathname: string) => pathname === '/bedrift' || pathname.startsWith('/bedrift/');

/** The paths this handler answers (the rest of /bedrift/* is the SPA's 404 too). */
export function isSeoPath(pathname: string): boolean {
  return pathname === '/robots.txt' || pathname === '/sitemap.xml' || pathname.startsWith('/sitemaps/') || isListingPath(pathname) || isBrowsePath(pathname);
}

/** The SPA's pages this handler answers, which need its built shell (not there under Vite's dev server). */
export function isShellPath(pathname: string): boolean {
  return isListingPath(pathname) || isBrowsePath(pathname);
}

function respond(request: Request, status: number, body: string, headers: Record<string, string>): Response {
  return new Response(request.method === 'HEAD' ? null : body, { status, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
}

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** The answer for a path `isSeoPath` accepts; null for any other path. */
export async function handleSeo(services: Pick<Services, 'db' | 'config'>, request: Request, options: SeoOptions): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  if (!isSeoPath(pathname)) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(requestTexts.onlyGetOrHead, { status: 405, headers: { allow: 'GET, HEAD', 'content-type': TEXT } });
  }
  const appUrl = services.config.appUrl;
  const pageSize = options.sitemapPageSize ?? SITEMAP_PAGE_SIZE;
  if (pathname === '/robots.txt') return respond(request, 200, robotsTxt(appUrl, services.config.indexable), { 'content-type': TEXT, 'cache-control': ROBOTS_CACHE });
  if (pathname === '/sitemap.xml') return respond(request, 200, await sitemapRoot(services.db, appUrl, pageSize), { 'content-type': XML, 'cache-control': PAGE_CACHE });
  if (pathname.startsWith('/sitemaps/')) {
    // Only /sitemaps/N.xml exists; any other name under /sitemaps is a plain 404, not the SPA.
    const page = SITEMAP_PAGE.exec(pathname);
    const xml = page ? await sitemapPage(services.db, appUrl, Number(page[1]), pageSize) : null;
    return xml === null
      ? respond(request, 404, requestTexts.pageNotFound, { 'content-type': TEXT, 'cache-control': NOT_FOUND_CACHE })
      : respond(request, 200, xml, { 'content-type': XML, 'cache-control': PAGE_CACHE });
  }
  if (isBrowsePath(pathname)) {
    const shell = await options.shell();
    const tags = await browseFirstTags(services.db, new URL(request.url), services.config.countWaitMs);
    return respond(request, 200, tags.length ? injectHead(shell, { extra: tags }) : shell, { 'content-type': HTML, 'cache-control': PAGE_CACHE });
  }
  const id = decodeSegment(LISTING_PATH.exec(pathname)?.[1] ?? '');
  const page = await publicPage(services.db, id);
  const shell = await options.shell();
  if (!page) return respond(request, 404, notFoundPageHtml(shell), { 'content-type': HTML, 'cache-control': NOT_FOUND_CACHE });
  const extra = [firstDataTag([{ path: 'listing.detail', input: { id }, data: page.data }])];
  return respond(request, 200, listingPageHtml(shell, page.head, appUrl, extra), { 'content-type': HTML, 'cache-control': PAGE_CACHE });
}

/**
 * A listing page: what `listing.detail` answers everyone (the SPA's first data, decision 053)
 * and the head built from it, in the same three queries; null when not public or not a listing.
 */
async function publicPage(db: Database, id: string) {
  if (!UUID.test(id)) return null;
  try {
    const data = await listingPage(db, id);
    const { listing } = data;
    const head: ListingHead = {
      id: listing.id, title: listing.title, description: listing.description, industry: listing.industry, location: listing.location,
      price: listing.price, status: listing.status, image: listing.images[0] ?? null, updatedAt: new Date(listing.updatedAt),
    };
    return { data, head };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
