/**
 * The browser's history as the app's router sees it (decision 075): where we are, how we got here
 * (a link or code pushed, replaced, or Back/Forward popped), and navigation. Not React: the
 * <BrowserRouter> in location.tsx subscribes and re-renders the app in a transition.
 *
 * Each entry's history.state is `{ usr, key, idx }`, the shape React Router wrote before this
 * router replaced it: `usr` is the state a link passed, `key` tells two visits of one URL apart,
 * `idx` is the entry's place in this tab's history (the inbox's Back reads it to tell whether there
 * is an app page to go back to).
 */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** The state the navigation passed (e.g. `{ restore: true }`), null if none. */
  state: unknown;
  /** New for every navigation, also to the same URL; 'default' for an entry the app did not make. */
  key: string;
}

export interface HistorySnapshot {
  location: Location;
  type: NavigationType;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function entryState(): EntryState {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? state : {};
}

function read(type: NavigationType): HistorySnapshot {
  const { pathname, search, hash } = window.location;
  const { usr = null, key = 'default' } = entryState();
  return { location: { pathname, search, hash, state: usr, key }, type };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

let snapshot: HistorySnapshot | null = null;
const listeners = new Set<(next: HistorySnapshot) => void>();

function publish(type: NavigationType) {
  snapshot = read(type);
  for (const listener of listeners) listener(snapshot);
}

/** The current location; the first call marks the tab's first entry as index 0. */
export function currentSnapshot(): HistorySnapshot {
  if (!snapshot) {
    if (entryState().idx === undefined) window.history.replaceState({ ...entryState(), idx: 0 }, '');
    snapshot = read('POP');
    window.addEventListener('popstate', () => publish('POP'));
  }
  return snapshot;
}

/** Calls `listener` on every change, and at once if the location is no longer `seen`. */
export function subscribe(listener: (next: HistorySnapshot) => void, seen: HistorySnapshot): () => void {
  listeners.add(listener);
  if (snapshot && snapshot !== seen) listener(snapshot);
  return () => listeners.delete(listener);
}

/**
 * Goes to `to`: a path ('/bedrift/1'), a query or hash on this path ('?q=kafe', '#kontakt'), or a
 * step through history (-1 is Back). The URL changes at once; the app follows in a transition.
 */
export function navigate(to: string | number, { replace = false, state = null }: NavigateOptions = {}): void {
  currentSnapshot();
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const url = new URL(to, window.location.href);
  const idx = (entryState().idx ?? 0) + (replace ? 0 : 1);
  const entry: EntryState = { usr: state, key: newKey(), idx };
  window.history[replace ? 'replaceState' : 'pushState'](entry, '', url.pathname + url.search + url.hash);
  publish(replace ? 'REPLACE' : 'PUSH');
}
