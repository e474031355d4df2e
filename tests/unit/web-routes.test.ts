/**
 * The app's own router (decision 075) picks the page React Router picked for every path: a page
 * before a catch-all, the admin's 404 under /admin, case and a trailing slash ignored, the
 * listing id as a param, and the layouts around each page.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../packages/web/src/app/router';
import { matchRoutes } from '../../packages/web/src/router/routes';

/** The matched chain as the route paths (a layout without a path is '(layout)', an index page '(index)'). */
function chain(pathname: string): string[] | null {
  return matchRoutes(routes, pathname)?.map(({ route }) => route.path ?? (route.index ? '(index)' : '(layout)')) ?? null;
}

describe('app routes', () => {
  it('matches each page with the layouts around it', () => {
    expect(chain('/')).toEqual(['/']);
    expect(chain('/alle-annonser')).toEqual(['(layout)', '/alle-annonser']);
    expect(chain('/auth')).toEqual(['(layout)', '/auth']);
    expect(chain('/auth/bekreft')).toEqual(['(layout)', '/auth/bekreft']);
    expect(chain('/admin')).toEqual(['/admin', '(index)']);
    expect(chain('/admin/annonser')).toEqual(['/admin', 'annonser']);
  });

  it('reads the listing id from /bedrift/:id, decoded', () => {
    expect(matchRoutes(routes, '/bedrift/7f3a')?.at(-1)?.params).toEqual({ id: '7f3a' });
    expect(matchRoutes(routes, '/bedrift/a%20b')?.at(-1)?.params).toEqual({ id: 'a b' });
    expect(chain('/bedrift')).toEqual(['(layout)', '*']);
    expect(chain('/bedrift/1/2')).toEqual(['(layout)', '*']);
  });

  it('ignores case and a trailing slash, as React Router did', () => {
    expect(chain('/Alle-Annonser/')).toEqual(['(layout)', '/alle-annonser']);
    expect(chain('/admin/brukere/')).toEqual(['/admin', 'brukere']);
  });

  it('shows the 404 page of the part of the site a path is in', () => {
    expect(chain('/finnes-ikke')).toEqual(['(layout)', '*']);
    expect(chain('/alle-annonser/mer')).toEqual(['(layout)', '*']);
    expect(chain('/admin/finnes-ikke')).toEqual(['/admin', '*']);
    expect(chain('/administrator')).toEqual(['(layout)', '*']);
  });
});
