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
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // the next attempt loads again (e.g. after a network blip)
        throw error;
      },
    ));
  // A chunk of an older build that is gone: the page reloads into the current build, and until it
  // does the navigation stays pending, so the current page stays on screen (stale-build.ts).
  const Lazy = lazy(() =>
    preload().then(
      (component) => ({ default: component }),
      (error: unknown) => (reloadForNewBuild(error) ? new Promise<never>(() => {}) : Promise.reject(error as Error)),
    ),
  );
  // Code already here renders at once: the first page's chunk is loaded before the first render
  // (main.tsx), so that render shows the page instead of suspending on a resolved import, committing
  // an empty screen and revealing the page later (React holds a reveal for up to 300 ms). `loaded`
  // is set before Lazy resolves, so a Lazy that suspended is rendered again as the page itself and
  // never commits: the page is never mounted twice.
  function Page() {
    const Component = loaded ?? Lazy;
    return <Component />;
  }
  const handle: RouteHandle = { preload };
  return { element: <Page />, handle };
}
