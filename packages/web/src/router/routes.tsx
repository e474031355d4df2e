import { createContext, useContext, type ReactNode } from 'react';

/**
 * A route as app/router.tsx declares them: a path (absolute, or relative to its parent's), a
 * layout without a path whose children render in its <Outlet />, or a parent's index page.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Kept for whoever matches the route; lazy pages keep their preload here (app/lazy-page.tsx). */
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

interface Branch {
  segments: string[];
  routes: RouteObject[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Every route that renders a page, with its full path and the layouts around it, in declaration order. */
function branchesOf(routes: RouteObject[], parentSegments: string[] = [], parents: RouteObject[] = []): Branch[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? [] : segmentsOf(route.path);
    const segments = route.path?.startsWith('/') ? own : [...parentSegments, ...own];
    const chain = [...parents, route];
    if (route.children) return branchesOf(route.children, segments, chain);
    return route.path !== undefined || route.index ? [{ segments, routes: chain }] : [];
  });
}

function matchBranch(branch: Branch, parts: string[]): Record<string, string> | null {
  const splat = branch.segments.at(-1) === '*';
  const fixed = splat ? branch.segments.slice(0, -1) : branch.segments;
  if (splat ? parts.length < fixed.length : parts.length !== fixed.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of fixed.entries()) {
    const part = parts[i]!;
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(part);
    // Case-insensitive, as React Router matched ('/Alle-annonser' is the browse page too).
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return params;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The route chain (layouts, then the page) for a path, or null. A path without `*` wins over a
 * catch-all; of two catch-alls the longer prefix wins, so '/admin/x' is the admin's 404, not the site's.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const parts = segmentsOf(pathname);
  const branches = branchesOf(routes);
  const exact = branches.filter((branch) => branch.segments.at(-1) !== '*');
  const splats = branches.filter((branch) => branch.segments.at(-1) === '*').sort((a, b) => b.segments.length - a.segments.length);
  for (const branch of [...exact, ...splats]) {
    const params = matchBranch(branch, parts);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<Record<string, string>>({});

/** Where a layout route renders the page inside it. */
export function Outlet() {
  return useContext(OutletContext);
}

export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

/**
 * The elements for a path: each layout with the next level as its outlet. The same layout on two
 * pages is the same element type at the same place, so React keeps it (and its state) mounted.
 */
export function renderMatches(matches: RouteMatch[] | null): ReactNode {
  if (!matches) return null;
  const page = matches.reduceRight<ReactNode>((outlet, { route }) => <OutletContext.Provider value={outlet}>{route.element}</OutletContext.Provider>, null);
  return <ParamsContext.Provider value={matches[0]?.params ?? {}}>{page}</ParamsContext.Provider>;
}
