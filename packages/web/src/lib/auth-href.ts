import { safeReturnPath } from '@bedriftstorget/core/auth/return-path';

/**
 * The sign-in page with the current page to come back to ('/' and the sign-in pages need none).
 * Its own module: the header imports it, and draft.ts would bring the draft's IndexedDB into the first load.
 */
export function authHref(mode: 'login' | 'signup', current: string): string {
  const back = current === '/' ? null : safeReturnPath(current);
  return back ? `/auth?mode=${mode}&next=${encodeURIComponent(back)}` : `/auth?mode=${mode}`;
}
