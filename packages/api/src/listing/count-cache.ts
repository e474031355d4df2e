/**
 * 'Viser X av Y annonser' needs Y, an exact COUNT over the filtered public listings: ~25 ms for
 * all of 100 000 (npm run bench), paid again on every page. Y may be a few seconds old, so each
 * filter combination's count is kept for a short while, per process (per Lambda instance).
 */
const TTL_MS = 20_000;
const MAX_ENTRIES = 500;

const entries = new Map<string, { value: number; expires: number }>();

export async function cachedCount(key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value;
  const value = await count();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, { value, expires: now + TTL_MS });
  return value;
}

/** Tests and writes that must show the new total at once. */
export function clearCountCache(): void {
  entries.clear();
}
