import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSitePage, SITE_PAGES } from '@bedriftstorget/core/site/pages';

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
