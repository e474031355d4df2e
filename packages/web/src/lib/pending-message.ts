/**
 * A visitor's message to a seller, kept in localStorage until they have signed in, then sent once
 * (docs/product.md, 'Listing detail'). It survives the trip to /auth, sign-up and the
 * confirmation link, and carries its client id so a second tab's resend is the same message.
 */
export const PENDING_MESSAGE_KEY = 'pending_message';

/** Older than this, a message is not sent by surprise: the confirmation link lives 24 hours. */
export const PENDING_MESSAGE_MAX_AGE_MS = 48 * 60 * 60 * 1000;

export interface PendingMessage {
  listingId: string;
  text: string;
  clientMessageId: string;
  savedAt: number;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off; then there is simply nothing to resend.
    return null;
  }
}

export function savePendingMessage(message: Omit<PendingMessage, 'savedAt'>, store = defaultStore(), now = Date.now()): void {
  store?.setItem(PENDING_MESSAGE_KEY, JSON.stringify({ ...message, savedAt: now }));
}

function isPending(value: unknown): value is PendingMessage {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.listingId === 'string' && typeof v.text === 'string' && typeof v.clientMessageId === 'string' && typeof v.savedAt === 'number';
}

/** The kept message, or null when there is none, it is unreadable or it is too old (then it is dropped). */
export function readPendingMessage(store = defaultStore(), now = Date.now()): PendingMessage | null {
  const raw = store?.getItem(PENDING_MESSAGE_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isPending(parsed) || now - parsed.savedAt > PENDING_MESSAGE_MAX_AGE_MS || parsed.savedAt > now + 60_000) {
    store?.removeItem(PENDING_MESSAGE_KEY);
    return null;
  }
  return parsed;
}

/** Only the message that was sent: a newer one written meanwhile in another tab stays. */
export function clearPendingMessage(clientMessageId: string, store = defaultStore()): void {
  const raw = store?.getItem(PENDING_MESSAGE_KEY);
  if (!raw) return;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isPending(parsed) && parsed.clientMessageId !== clientMessageId) return;
  } catch {
    // Unreadable: remove it.
  }
  store?.removeItem(PENDING_MESSAGE_KEY);
}
