/** The wizard's local draft (SPEC §3: browser storage key draft_listing). */
export const DRAFT_KEY = 'draft_listing';

export function hasLocalDraft(): boolean {
  try {
    return window.localStorage.getItem(DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}

/** After sign-in: back to the wizard when a draft waits, otherwise home (SPEC §2 Auth). */
export function pathAfterSignIn(): string {
  return hasLocalDraft() ? '/legg-ut-annonse' : '/';
}
