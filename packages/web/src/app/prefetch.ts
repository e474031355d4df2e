import { matchRoutes, type RouteMatch, type RouteObject } from '../router/routes';
import type { RouteHandle } from './lazy-page';

/**
 * Loads the code of lazy routes before they are needed, so following a link never waits on the
 * network (decision 021): on hover, keyboard focus or touch of any same-origin link, and, once the
 * browser is idle, for the pages a signed-in user is likely to open next.
 */
export function prefetchPath(routes: RouteObject[], pathname: string): void {
  prefetchMatches(matchRoutes(routes, pathname));
}

/** Loads the code of every lazy route of `pathname`; settles when all have loaded or failed. */
export function loadPath(routes: RouteObject[], pathname: string): Promise<unknown> {
  return Promise.allSettled((matchRoutes(routes, pathname) ?? []).map(({ route }) => Promise.resolve((route.handle as RouteHandle | undefined)?.preload())));
}

export function prefetchMatches(matches: RouteMatch[] | null): void {
  for (const { route } of matches ?? []) {
    const handle = route.handle as RouteHandle | undefined;
    // A failed prefetch is forgotten: the navigation itself loads again and shows its error.
    handle?.preload().catch(() => {});
  }
}

function linkPath(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  return link.pathname;
}

/** Listens once, on the document, so no link component needs to know about prefetching. */
export function installRoutePrefetch(routes: RouteObject[]): () => void {
  const onIntent = (event: Event) => {
    const path = linkPath(event.target);
    if (path) prefetchPath(routes, path);
  };
  const types = ['mouseover', 'focusin', 'touchstart'];
  for (const type of types) document.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => types.forEach((type) => document.removeEventListener(type, onIntent, { capture: true }));
}

/** When the browser has nothing else to do, prefetch these paths (e.g. a signed-in user's pages). */
export function prefetchWhenIdle(routes: RouteObject[], paths: string[]): () => void {
  const run = () => paths.forEach((path) => prefetchPath(routes, path));
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 2_000);
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(run, { timeout: 5_000 });
  return () => window.cancelIdleCallback(handle);
}
