import { createContext, startTransition, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { currentSnapshot, navigate, subscribe, type HistorySnapshot, type Location, type NavigateOptions, type NavigationType } from './history';

const LocationContext = createContext<HistorySnapshot | null>(null);

/**
 * Gives the app the browser's location. Every change renders in a transition (decision 021): a
 * page that suspends on its lazy chunk keeps the current page on screen instead of a blank
 * fallback. (A location read with useSyncExternalStore could not do that: React renders a store's
 * change at once, never as a transition — decision 075.)
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [snapshot, setSnapshot] = useState(currentSnapshot);
  // `snapshot` as first seen: a navigation made before this subscribes (a child's layout effect) is not missed.
  useLayoutEffect(() => subscribe((next) => startTransition(() => setSnapshot(next)), snapshot), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <LocationContext.Provider value={snapshot}>{children}</LocationContext.Provider>;
}

function useSnapshot(): HistorySnapshot {
  const snapshot = useContext(LocationContext);
  if (!snapshot) throw new Error('Router hooks must be used within <BrowserRouter>');
  return snapshot;
}

export function useLocation(): Location {
  return useSnapshot().location;
}

/** How the current location was reached: 'POP' is Back/Forward (or the first page of the visit). */
export function useNavigationType(): NavigationType {
  return useSnapshot().type;
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  return navigate;
}

type SearchInit = URLSearchParams | Record<string, string>;

/** The query string as URLSearchParams, and a setter that navigates to this path with new ones (the hash is dropped). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, setSearchParams];
}

function setSearchParams(next: SearchInit, options?: NavigateOptions): void {
  navigate(`?${new URLSearchParams(next).toString()}`, options);
}
