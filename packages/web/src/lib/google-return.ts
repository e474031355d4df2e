import { safeReturnPath } from '@bedriftstorget/core/auth/return-path';

/**
 * The page to come back to after Google's sign-in (decision 090). Google's round trip leaves the
 * site, and its callback URL is fixed, so the path waits in this tab's sessionStorage: set when
 * the button is pressed, read once by the callback. Only paths on this site (return-path.ts).
 */
const KEY = 'google_return_path';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const session = (): Store | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export function rememberGoogleReturn(next: string | null | undefined, store: Store | null = session()): void {
  const path = safeReturnPath(next);
  if (!store) return;
  if (path) store.setItem(KEY, path);
  else store.removeItem(KEY);
}

/** The remembered path, forgotten as it is read; null when none (or not one of this site's). */
export function takeGoogleReturn(store: Store | null = session()): string | null {
  if (!store) return null;
  const path = store.getItem(KEY);
  store.removeItem(KEY);
  return safeReturnPath(path);
}
