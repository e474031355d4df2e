import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cloudFrontResponseInjection } from '@bedriftstorget/api/http/security-headers';
import { isSitePage, SITE_PAGES, sitePagePattern } from '@bedriftstorget/core/site/pages';

/** The router's page paths, read from its source: '/x' at the top, 'y' under '/admin'. */
function routerPaths(): string[] {
  const source = readFileSync('packages/web/src/app/router.tsx', 'utf8');
  const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((path) => path !== '*');
  return paths.map((path) => (path.startsWith('/') ? path : `/admin/${path}`));
}

describe('the pages the server answers 200 for', () => {
  it('are exactly the routes of the web app', () => {
    const fromRouter = routerPaths().map((path) => (path === '/bedrift/:id' ? null : path)).filter(Boolean);
    expect([...SITE_PAGES].sort()).toEqual([...fromRouter].sort());
    for (const path of routerPaths()) expect(isSitePage(path.replace(':id', 'abc')), path).toBe(true);
  });

  it('match as the router does: by segment, any case, a trailing slash allowed', () => {
    expect(isSitePage('/Alle-annonser/')).toBe(true);
    expect(isSitePage('/admin/logg')).toBe(true);
    expect(isSitePage('/bedrift/123')).toBe(true);
    expect(isSitePage('/finnes-ikke')).toBe(false);
    expect(isSitePage('/admin/finnes-ikke')).toBe(false);
    expect(isSitePage('/bedrift')).toBe(false);
    expect(isSitePage('/bedrift/1/2')).toBe(false);
  });
});

describe('unknown paths answer 404 in the cloud too', () => {
  const paths = ['/', '', '/alle-annonser', '/Alle-annonser/', '/admin//logg', '/bedrift/123', '/bedrift/', '/bedrift/1/2', '/finnes-ikke', '/admin/finnes-ikke', '/alle-annonserx', '/xalle-annonser', '/auth/bekreft', '/auth/bekreft/x'];

  it('the compiled pattern says what isSitePage says, for every page and for near misses', () => {
    const pattern = sitePagePattern();
    for (const path of [...SITE_PAGES, ...paths]) expect(pattern.test(path), path).toBe(isSitePage(path));
  });

  /** Runs the router's viewer-response code as CloudFront Functions would. */
  function viewerResponse(uri: string, contentType: string, statusCode = 200): number {
    const code = `function handler(event) {\n${cloudFrontResponseInjection('https://bucket.example')}\nreturn event.response;\n}\nhandler(event);`;
    const event = { request: { uri, headers: {} }, response: { statusCode, headers: { 'content-type': { value: contentType } } } };
    return (runInNewContext(code, { event }) as { statusCode: number }).statusCode;
  }

  it('the viewer response turns the index.html fallback for a path that is no page into 404, and nothing else', () => {
    expect(viewerResponse('/finnes-ikke', 'text/html')).toBe(404);
    expect(viewerResponse('/admin/finnes-ikke', 'text/html; charset=utf-8')).toBe(404);
    expect(viewerResponse('/alle-annonser', 'text/html')).toBe(200);
    expect(viewerResponse('/bedrift/abc', 'text/html')).toBe(200);
    expect(viewerResponse('/', 'text/html')).toBe(200);
    // Files, the API and answers that are not 200 keep their status.
    expect(viewerResponse('/assets/app.js', 'text/javascript')).toBe(200);
    expect(viewerResponse('/trpc/listing.browse', 'application/json')).toBe(200);
    expect(viewerResponse('/bedrift/ukjent', 'text/html', 404)).toBe(404);
    expect(viewerResponse('/sitemap.xml', 'application/xml')).toBe(200);
  });
});
