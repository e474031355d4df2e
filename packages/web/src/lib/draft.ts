import { safeReturnPath } from '@bedriftstorget/core/auth/return-path';
import { clearDraftImages } from './draft-images';

/** The wizard's local draft (docs/product.md, 'States': browser storage key draft_listing). */
export const DRAFT_KEY = 'draft_listing';

export function hasLocalDraft(): boolean {
  try {
    return window.localStorage.getItem(DRAFT_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * After sign-up's confirmation, or sign-in: back to the wizard when a draft waits (docs/product.md,
 * 'Auth'); staff to /admin (unless they were on an admin page); anyone else back to the page that
 * sent them to sign in, else home. Only paths on this site (core/auth/return-path.ts).
 */
export function pathAfterSignIn(next?: string | null, isAdmin = false): string {
  if (hasLocalDraft()) return '/legg-ut-annonse';
  const back = safeReturnPath(next);
  if (isAdmin) return back?.startsWith('/admin') ? back : '/admin';
  return back ?? '/';
}

/** The one local draft: formData, currentStep, guestEmail, timestamp; plus the listing id it will get. */
export interface LocalDraft<Form = Record<string, unknown>> {
  formData: Form;
  currentStep: number;
  guestEmail: string;
  timestamp: number;
  listingId: string;
}

export function readLocalDraft<Form>(): LocalDraft<Form> | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<LocalDraft<Form>>;
    if (!draft.formData || typeof draft.currentStep !== 'number') return null;
    return { guestEmail: '', timestamp: Date.now(), listingId: crypto.randomUUID(), ...draft } as LocalDraft<Form>;
  } catch {
    return null;
  }
}

export function writeLocalDraft<Form>(draft: LocalDraft<Form>): void {
  try {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the wizard still works, only without a saved draft.
  }
}

export async function clearLocalDraft(): Promise<void> {
  window.localStorage.removeItem(DRAFT_KEY);
  await clearDraftImages();
}
