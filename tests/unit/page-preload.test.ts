/**
 * The preload script (packages/web/page-preload.ts, decision 075) names a main page's own chunk for
 * the path the HTML was opened at: the page of app/router.tsx that path shows, and no other.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAIN_PAGES } from '../../packages/web/chunk-groups';
import { preloadScript, routePattern } from '../../packages/web/page-preload';
import { routes } from '../../packages/web/src/app/router';
import { matchRoutes } from '../../packages/web/src/router/routes';

/** Runs the script as the browser would at `pathname`; returns the hrefs it preloads. */
function preloadedAt(script: string, pathname: string): string[] {
  const links: { rel: string; href: string }[] = [];
  const document = { createElement: () => ({ rel: '', href: '', crossOrigin: null }), head: { appendChild: (link: { rel: string; href: string }) => links.push(link) } };
  runInNewContext(script, { location: { pathname }, document });
  return links.filter((link) => link.rel === 'modulepreload').map((link) => link.href);
}

describe('page preload', () => {
  const script = preloadScript(MAIN_PAGES.map(({ name, route }) => ({ pattern: routePattern(route), files: [`/assets/${name}.js`] })));

  it('preloads the chunk of the main page the path shows, as the router matches it', () => {
    const samples: [string, string | null][] = [
      ['/', 'landing'],
      ['/alle-annonser', 'browse'],
      ['/Alle-annonser/', 'browse'],
      ['/bedrift/7f3a', 'detail'],
      ['/bedrift/7f3a/', 'detail'],
      ['/bedrift/7f3a/mer', null],
      ['/alle-annonser/x', null],
      ['/mine-annonser', null],
      ['/auth', null],
    ];
    for (const [path, page] of samples) {
      expect(preloadedAt(script, path), path).toEqual(page ? [`/assets/${page}.js`] : []);
      // The app shows that very page there (or another, when nothing is preloaded).
      const shown = matchRoutes(routes, path)?.at(-1)?.route.path;
      const main = MAIN_PAGES.find(({ name }) => name === page);
      if (main) expect(shown, path).toBe(main.route);
      else expect(MAIN_PAGES.map(({ route }) => route), path).not.toContain(shown);
    }
  });
});
