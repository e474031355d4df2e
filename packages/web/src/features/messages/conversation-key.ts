import type { ConversationKey } from '@bedriftstorget/core/message/schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The open conversation lives in the URL (?annonse=…&med=…), so a reload or a shared link
 * reopens it. No `annonse` means the listing was deleted ('Ukjent listing').
 */
export function keyFromParams(params: URLSearchParams): ConversationKey | null {
  const counterpartId = params.get('med');
  const listingId = params.get('annonse');
  if (!counterpartId || !UUID.test(counterpartId)) return null;
  if (listingId !== null && !UUID.test(listingId)) return null;
  return { listingId, counterpartId };
}

export function paramsFromKey(key: ConversationKey): Record<string, string> {
  return key.listingId ? { annonse: key.listingId, med: key.counterpartId } : { med: key.counterpartId };
}

export function sameKey(a: ConversationKey | null, b: ConversationKey | null): boolean {
  return Boolean(a && b && a.listingId === b.listingId && a.counterpartId === b.counterpartId);
}

export function keyString(key: ConversationKey): string {
  return `${key.listingId ?? 'ukjent'}:${key.counterpartId}`;
}
