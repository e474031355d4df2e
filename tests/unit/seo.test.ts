import { gunzipSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compressedResult, deployedShell, SHELL_TTL_MS } from '@bedriftstorget/api/entry/seo';
import { FUNCTION_PATHS, ORIGIN_SECRET_HEADER, originSecretInjection } from '@bedriftstorget/api/http/origin-secret';
import { escapeHtml, injectHead, jsonForScript, listingPageHtml, notFoundPageHtml, summary, type ListingHead } from '@bedriftstorget/api/seo/head';
import { DISALLOWED_PATHS, robotsTxt } from '@bedriftstorget/api/seo/sitemap';
import { GALLERY_SIZES } from '@bedriftstorget/core/listing/image-variants';
import { seo } from '@bedriftstorget/core/texts/share';

const APP = 'https://bedriftstorget.test';
const SHELL = `<!doctype html>
<html lang="nb">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Kjøp og salg av bedrifter" />
    <title>Bedriftstorget – bedrifter til salgs</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const listing = (overrides: Partial<ListingHead> = {}): ListingHead => ({
  id: '0b6f2f4e-1111-4a2b-8c3d-123456789abc',
  title: 'Kafé på Grünerløkka',
  description: 'Populær kafé med faste gjester.\nLang historie og gode tall.',
  industry: 'restaurant',
  location: 'Oslo',
  price: 2_500_000,
  status: 'active',
  image: '/images/listings/0b6f2f4e-1111-4a2b-8c3d-123456789abc/img1-1600x1200.webp',
  updatedAt: new Date('2026-11-01T10:00:00Z'),
  ...overrides,
});

/** The head's tags as a browser would read them: parsed by attribute, entities decoded. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const meta = (attr: string, name: string) => {
    const found = new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(head);
    return found ? decode(found[1]!) : null;
  };
  const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return {
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    titles: head.match(/<title>/g)?.length ?? 0,
    descriptions: head.match(/<meta name="description"/g)?.length ?? 0,
    description: meta('name', 'description'),
    og: (p: string) => meta('property', `og:${p}`),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1] ?? null,
    jsonLd: scripts,
    bodyIntact: html.includes('<div id="root"></div>') && html.includes('/assets/index-abc.js'),
  };
}

describe('listing page head (one module for both hosts)', () => {
  it('has the listing\'s title, description, og tags, canonical and the SPA still in place', () => {
    const head = headOf(listingPageHtml(SHELL, listing(), APP));
    const url = `${APP}/bedrift/0b6f2f4e-1111-4a2b-8c3d-123456789abc`;
    expect(head.title).toBe(`Kafé på Grünerløkka${seo.titleSuffix}`);
    expect(head.titles).toBe(1);
    expect(head.descriptions).toBe(1);
    expect((head.description ?? '').replace(/\s/g, ' ')).toBe('2 500 000 kr · Restaurant & Mat · Oslo. Populær kafé med faste gjester. Lang historie og gode tall.');
    expect(head.og('title')).toBe('Kafé på Grünerløkka');
    expect(head.og('description')).toBe(head.description);
    expect(head.og('url')).toBe(url);
    expect(head.canonical).toBe(url);
    expect(head.og('image')).toBe(`${APP}/images/listings/0b6f2f4e-1111-4a2b-8c3d-123456789abc/img1-1600x1200.webp`);
    expect(head.og('image:width')).toBe('1600');
    expect(head.bodyIntact).toBe(true);
  });

  it('preloads the gallery\'s first image in the width the gallery will pick (the detail page\'s LCP); none without an image', () => {
    const html = listingPageHtml(SHELL, listing(), APP);
    const base = '/images/listings/0b6f2f4e-1111-4a2b-8c3d-123456789abc/img1-1600x1200';
    const preload = /<link rel="preload" as="image" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)" fetchpriority="high" \/>/.exec(html.slice(0, html.indexOf('</head>')));
    expect(preload?.[1]).toBe(`${base}-1024.webp`);
    expect(preload?.[2]).toBe(`${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-1024.webp 1024w, ${base}.webp 1600w`);
    expect(preload?.[3]).toBe(GALLERY_SIZES);
    expect(listingPageHtml(SHELL, listing({ image: null }), APP)).not.toContain('rel="preload"');
    // An older one-size image: a plain preload of that URL.
    expect(listingPageHtml(SHELL, listing({ image: '/images/seed/kafe.svg' }), APP)).toContain('<link rel="preload" as="image" href="/images/seed/kafe.svg" fetchpriority="high" />');
  });

  it('JSON-LD: a Product with an Offer in NOK; no Offer when the price is on request; SoldOut when sold', () => {
    const [json] = headOf(listingPageHtml(SHELL, listing({ status: 'sold' }), APP)).jsonLd;
    const data = JSON.parse(json!) as { offers?: unknown };
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: 'Kafé på Grünerløkka', category: 'Restaurant & Mat' });
    expect(data.offers).toEqual({
      '@type': 'Offer', url: `${APP}/bedrift/${listing().id}`, price: '2500000.00', priceCurrency: 'NOK', availability: 'https://schema.org/SoldOut', areaServed: 'Oslo',
    });
    const [noPrice] = headOf(listingPageHtml(SHELL, listing({ price: null, image: null }), APP)).jsonLd;
    expect(JSON.parse(noPrice!)).not.toHaveProperty('offers');
    expect(JSON.parse(noPrice!)).not.toHaveProperty('image');
  });

  it('escapes everything: </script>, quotes, tags and $-patterns stay text', () => {
    const evil = listing({
      title: '</script><script>alert(1)</script> "Kafé" & <b>$& $1 $\'',
      description: 'Se <img src=x onerror=alert(1)> og </title><title>falsk',
      location: 'Oslo" onmouseover="x',
    });
    const html = listingPageHtml(SHELL, evil, APP);
    const head = headOf(html);
    // Only our own tags: no injected <script>, <img> or extra <title>.
    expect(html.match(/<script/g)).toHaveLength(2); // the JSON-LD block and the SPA's module
    expect(html).not.toContain('<img');
    expect(head.titles).toBe(1);
    expect(head.title).toBe(`${evil.title}${seo.titleSuffix}`);
    expect(head.og('title')).toBe(evil.title);
    expect(head.description).toContain('Oslo" onmouseover="x');
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).not.toMatch(/<|>/);
    expect((JSON.parse(head.jsonLd[0]!) as { name: string }).name).toBe(evil.title);
    expect(jsonForScript({ a: '\u2028</script>&' })).toBe('{"a":"\\u2028\\u003c/script\\u003e\\u0026"}');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('not found: the SPA shell, noindex, a Norwegian title', () => {
    const html = notFoundPageHtml(SHELL);
    expect(headOf(html).title).toBe(seo.notFoundTitle);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(headOf(html).bodyIntact).toBe(true);
    expect(html).not.toContain('og:title');
  });

  it('a shell without title or description still gets both, once', () => {
    const head = headOf(injectHead('<html><head></head><body></body></html>', { title: 'T', description: 'D', extra: [] }));
    expect([head.title, head.description, head.titles, head.descriptions]).toEqual(['T', 'D', 1, 1]);
  });

  it('summary cuts long text at a word within 160 characters', () => {
    const text = 'ord '.repeat(100);
    const cut = summary(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('ord…')).toBe(true);
    expect(summary('  kort \n tekst ')).toBe('kort tekst');
  });
});

describe('robots.txt', () => {
  it('keeps every crawler out of a stage that is not indexed, and names no sitemap', () => {
    expect(robotsTxt(APP, false)).toBe('User-agent: *\nDisallow: /\n');
  });

  it('points at the sitemap and keeps admin, messages and account pages out', () => {
    const text = robotsTxt(APP, true);
    expect(text).toContain(`Sitemap: ${APP}/sitemap.xml`);
    for (const path of ['/admin', '/meldinger', '/profil', '/mine-annonser', '/lagrede-annonser', '/statistikk']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(DISALLOWED_PATHS).not.toContain('/bedrift');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
  });
});

describe('the SEO function in the cloud (offline)', () => {
  /** Runs the router's viewer-request code as CloudFront Functions would. */
  function viewerRequest(uri: string, headers: Record<string, { value: string }> = {}) {
    const code = `function handler(event) {\n${originSecretInjection('s3cr3t')}\nreturn event.request;\n}\nhandler(event);`;
    return runInNewContext(code, { event: { request: { uri, headers } } }) as { headers: Record<string, { value: string }> };
  }

  it('CloudFront adds the origin secret to every function path, and only there', () => {
    for (const uri of ['/trpc/auth.me', '/bedrift/abc', '/bedrift', '/alle-annonser', '/sitemap.xml', '/sitemaps/2.xml', '/robots.txt']) {
      expect(viewerRequest(uri).headers[ORIGIN_SECRET_HEADER]?.value, uri).toBe('s3cr3t');
    }
    for (const uri of ['/', '/alle-annonserx', '/assets/index.js', '/bedriftx', '/images/a.webp', '/sitemap.xml.bak']) {
      expect(viewerRequest(uri).headers[ORIGIN_SECRET_HEADER], uri).toBeUndefined();
    }
    expect(viewerRequest('/bedrift/a', { [ORIGIN_SECRET_HEADER]: { value: 'guess' } }).headers[ORIGIN_SECRET_HEADER]?.value).toBe('s3cr3t');
    expect(FUNCTION_PATHS).toContain('/trpc');
  });

  it('gzips for viewers that take it (a 50,000-URL sitemap must fit Lambda\'s 6 MB), plain text otherwise', async () => {
    const xml = `<urlset>${'<url><loc>https://bedriftstorget.no/bedrift/0b6f2f4e-1111-4a2b-8c3d-123456789abc</loc><lastmod>2026-11-23</lastmod></url>\n'.repeat(50_000)}</urlset>`;
    const make = () => new Response(xml, { status: 200, headers: { 'content-type': 'application/xml' } });
    const gz = await compressedResult(make(), 'gzip, deflate, br');
    expect(gz).toMatchObject({ statusCode: 200, isBase64Encoded: true, headers: { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } });
    expect(gz.body!.length).toBeLessThan(1_000_000);
    expect(gunzipSync(Buffer.from(gz.body!, 'base64')).toString()).toBe(xml);
    const plain = await compressedResult(make(), 'identity');
    expect(plain).toMatchObject({ isBase64Encoded: false, body: xml });
    expect(plain.headers?.['content-encoding']).toBeUndefined();
  });

  it('fetches the deployed index.html once per minute per instance', async () => {
    let calls = 0;
    const load = ((url: string) => {
      calls += 1;
      expect(url).toBe(`${APP}/index.html`);
      return Promise.resolve(new Response(`<html><head><title>v${calls}</title></head></html>`));
    }) as unknown as typeof fetch;
    const t0 = 1_000_000_000;
    expect(await deployedShell(APP, t0, load)).toContain('v1');
    expect(await deployedShell(APP, t0 + SHELL_TTL_MS - 1, load)).toContain('v1');
    expect(await deployedShell(APP, t0 + SHELL_TTL_MS, load)).toContain('v2');
    expect(calls).toBe(2);
  });
});
