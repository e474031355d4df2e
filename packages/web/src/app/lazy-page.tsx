import { lazy, type ComponentType } from 'react';
import type { RouteObject } from '../router/routes';
import { reloadForNewBuild } from './stale-build';

export interface RouteHandle {
  /** Starts (or joins) loading the route's code. */
  preload: () => Promise<unknown>;
}

/**
 * A route whose code is its own chunk, fetched the first time it is needed (decision 021).
 * Navigations are React transitions, so the current page stays on screen until the chunk has
 * arrived — no spinner — and links prefetch it on hover, focus or touch (prefetch.ts).
 */
export function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // the next attempt loads again (e.g. after a network blip)
      throw error;
    }));
  // A chunk of an older build that is gone: the page reloads into the current build, and until it
  // does the navigation stays pending, so the current page stays on screen (stale-build.ts).
  const Page = lazy(() =>
    preload().then(
      (component) => ({ default: component }),
      (error: unknown) => (reloadForNewBuild(error) ? new Promise<never>(() => {}) : Promise.reject(error as Error)),
    ),
  );
  const handle: RouteHandle = { preload };
  return { element: <Page />, handle };
}
