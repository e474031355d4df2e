import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { handleSeo } from '@bedriftstorget/api/seo/handler';
import { MAIN_PAGES } from '@bedriftstorget/api/seo/sitemap';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { request } from '@bedriftstorget/core/texts/http';
import { seo } from '@bedriftstorget/core/texts/share';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

/** The local server with a built shell, and the SEO handler it shares with the cloud's function, on a real database. */
const h = createHarness();
const SHELL = '<!doctype html><html lang="nb"><head><meta name="description" content="SPA" /><title>Bedriftstorget</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';
const dist = mkdtempSync(join(tmpdir(), 'bt-seo-'));
writeFileSync(join(dist, 'index.html'), SHELL);
let server: Server;
let base = '';
let ownerId = '';
const app = h.config.appUrl;

beforeAll(async () => {
  ownerId = (await signedInUser(h)).userId;
  server = createLocalServer({ services: h, web: { distDir: dist } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const attr = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('/bedrift/:id for crawlers (local server)', () => {
  it('a public listing: 200 with its own title, description, og tags, canonical and JSON-LD; the SPA still loads', async () => {
    const id = await createListing(ownerId, { title: 'Sykkelverksted i Bergen <til salgs>', price: 750_000, location: 'Bergen', images: 2 });
    const response = await fetch(`${base}/bedrift/${id}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain(`<title>Sykkelverksted i Bergen &lt;til salgs&gt;${seo.titleSuffix}</title>`);
    expect(html).toMatch(/<meta name="description" content="750\s000\skr · Tjenester · Bergen\. En solid testbedrift/);
    expect(html).not.toContain('content="SPA"');
    expect(attr(html, 'og:title')).toBe('Sykkelverksted i Bergen &lt;til salgs&gt;');
    expect(attr(html, 'og:url')).toBe(`${app}/bedrift/${id}`);
    expect(attr(html, 'og:image')).toBe(`${app}/images/test/${id}_0.jpg`);
    expect(html).toContain(`<link rel="canonical" href="${app}/bedrift/${id}" />`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as { offers: { price: string; priceCurrency: string } };
    expect(ld.offers).toMatchObject({ price: '750000.00', priceCurrency: 'NOK' });
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    // Security headers as on every page.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('a sold listing is public too; unknown, non-public and malformed ids get 404 with the SPA (its Norwegian 404 page), noindex', async () => {
    const sold = await createListing(ownerId, { status: 'sold' });
    expect((await fetch(`${base}/bedrift/${sold}`)).status).toBe(200);
    const hidden = await Promise.all((['pending', 'rejected', 'archived', 'inactive', 'unlisted'] as const).map((status) => createListing(ownerId, { status })));
    for (const path of [...hidden.map((id) => `/bedrift/${id}`), `/bedrift/${crypto.randomUUID()}`, '/bedrift/ikke-en-id', '/bedrift/%ZZ', '/bedrift', `/bedrift/${sold}/mer`]) {
      const response = await fetch(`${base}${path}`);
      const html = await response.text();
      expect(response.status, path).toBe(404);
      expect(html, path).toContain(`<title>${seo.notFoundTitle}</title>`);
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('og:title');
    }
  });

  it('HEAD answers the headers only; POST is refused', async () => {
    const id = await createListing(ownerId);
    const head = await fetch(`${base}/bedrift/${id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(SHELL.length);
    expect((await fetch(`${base}/bedrift/${id}`, { method: 'POST' })).status).toBe(405);
  });
});

describe('/robots.txt and /sitemap.xml', () => {
  it('robots.txt names the sitemap and disallows admin, messages and account pages', async () => {
    const response = await fetch(`${base}/robots.txt`);
    const text = await response.text();
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text).toContain(`Sitemap: ${app}/sitemap.xml`);
    for (const path of ['/admin', '/meldinger', '/profil', '/mine-annonser']) expect(text).toContain(`Disallow: ${path}\n`);
  });

  it('the sitemap lists the main pages and every public listing, and no other', async () => {
    const shown = await createListing(ownerId);
    const hidden = await createListing(ownerId, { status: 'pending' });
    const response = await fetch(`${base}/sitemap.xml`);
    const xml = await response.text();
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain(`<loc>${app}/</loc>`);
    expect(xml).toContain(`<loc>${app}/alle-annonser</loc>`);
    expect(xml).toMatch(new RegExp(`<url><loc>${app}/bedrift/${shown}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`));
    expect(xml).not.toContain(hidden);
    const [row] = await db.select({ n: count() }).from(listings).where(eq(listings.isPublic, true));
    expect(xml.match(/<url>/g)).toHaveLength(MAIN_PAGES.length + Number(row!.n));
  });

  it('past one page (50,000 URLs; a small page size here) /sitemap.xml is an index of pages that together hold every URL once', async () => {
    for (let i = 0; i < 5; i += 1) await createListing(ownerId);
    const [row] = await db.select({ n: count() }).from(listings).where(eq(listings.isPublic, true));
    const total = MAIN_PAGES.length + Number(row!.n);
    const pageSize = Math.ceil(total / 3);
    const get = (path: string) => handleSeo(h, new Request(`${app}${path}`), { shell: () => Promise.resolve(SHELL), sitemapPageSize: pageSize });
    const index = await (await get('/sitemap.xml'))!.text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const pages = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]!);
    expect(pages).toEqual([1, 2, 3].map((n) => `${app}/sitemaps/${n}.xml`));
    const locs: string[] = [];
    for (const page of pages) {
      const response = (await get(new URL(page).pathname))!;
      expect(response.status).toBe(200);
      const urls = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(urls.length).toBeLessThanOrEqual(pageSize);
      locs.push(...urls);
    }
    expect(locs).toHaveLength(total);
    expect(new Set(locs).size).toBe(total);
    expect(locs.slice(0, 2)).toEqual([`${app}/`, `${app}/alle-annonser`]);
    const publicIds = await db.select({ id: listings.id }).from(listings).where(eq(listings.isPublic, true));
    expect(new Set(locs)).toEqual(new Set([...MAIN_PAGES.map((p) => `${app}${p}`), ...publicIds.map((l) => `${app}/bedrift/${l.id}`)]));
    expect((await get('/sitemaps/4.xml'))!.status).toBe(404);
    expect((await get('/sitemaps/0.xml'))!.status).toBe(404);
    // Any other name under /sitemaps is a 404 too, not the SPA's 200 (found in session 3's junk pass).
    for (const junk of ['/sitemaps/abc.xml', '/sitemaps/99999999999.xml', '/sitemaps/', '/sitemaps/1.xml/x']) {
      const res = (await get(junk))!;
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(request.pageNotFound);
    }
    // The local server routes the pages too.
    expect((await fetch(`${base}/sitemaps/1.xml`)).status).toBe(200);
  });
});
