/** The wizard's local draft (SPEC §3: browser storage key draft_listing). */
export const DRAFT_KEY = 'draft_listing';

export function hasLocalDraft(): boolean {
  try {
    return window.localStorage.getItem(DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}

/** Only paths on this site: '//evil.example' or 'https://…' would send the user away. */
function safeNext(next: string | null | undefined): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * After sign-in: back to the wizard when a draft waits (SPEC §2 Auth), else back to the page
 * that sent the user to sign in, else home.
 */
export function pathAfterSignIn(next?: string | null): string {
  if (hasLocalDraft()) return '/legg-ut-annonse';
  return safeNext(next) ?? '/';
}
