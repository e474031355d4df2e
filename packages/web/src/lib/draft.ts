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

/** Only paths on this site: '//evil.example' or 'https://…' would send the user away. */
function safeNext(next: string | null | undefined): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * After sign-in: back to the wizard when a draft waits (docs/product.md, 'Auth'), else back to the page
 * that sent the user to sign in, else home.
 */
export function pathAfterSignIn(next?: string | null): string {
  if (hasLocalDraft()) return '/legg-ut-annonse';
  return safeNext(next) ?? '/';
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
