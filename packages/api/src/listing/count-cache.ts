/**
 * 'Viser X av Y annonser' needs Y, an exact COUNT over the filtered public listings: 18–56 ms for
 * all of 100 000. Y may be a few seconds old, so each filter combination's count is kept for a
 * short while, per process (per Lambda instance), and requests that miss at the same time share
 * the one query in flight instead of each running it.
 */
import { forgetCommonTokens } from './common-tokens';

const TTL_MS = 20_000;
const MAX_ENTRIES = 500;

export interface CountCache<T = number> {
  cached: (key: string, count: () => Promise<T>, now?: number) => Promise<T>;
  within: (key: string, count: () => Promise<T>, waitMs: number, now?: number) => Promise<T | null>;
  /** Whether a fresh value is kept for this key (no query started). */
  has: (key: string, now?: number) => boolean;
  clear: () => void;
}

/** A cache of counts; the search plan keeps its own (listings in scope), which tests need not clear. */
export function createCountCache<T = number>(): CountCache<T> {
  const entries = new Map<string, { value: T; expires: number }>();
  const inFlight = new Map<string, Promise<T>>();

  async function cached(key: string, count: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const running = inFlight.get(key);
    if (running) return running;
    const query = count()
      .then((value) => {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, { value, expires: now + TTL_MS });
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, query);
    return query;
  }

  /**
   * The count if it is known within `waitMs` (0: only if cached), else null: the page is not held
   * for a slow count (a first search for three common words counts tens of thousands of term rows,
   * 0.1–1 s at 100 000 listings). The query goes on and fills the cache, where
   * `listing.browseCount` finds it or joins it while it runs. A count that fails before the wait is
   * over fails the request, as before.
   */
  async function within(key: string, count: () => Promise<T>, waitMs: number, now = Date.now()): Promise<T | null> {
    // Looked up here too, not only in cached(): its answer comes a few microtasks late and would
    // lose the race to a wait of 0.
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const pending = cached(key, count, now).then((value) => ({ value }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = waitMs > 0 ? new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs))) : Promise.resolve(null);
    const outcome = await Promise.race([pending, late]).finally(() => clearTimeout(timer));
    if (outcome) return outcome.value;
    pending.catch((error: unknown) => console.error('a count left running after its page was sent failed', error));
    return null;
  }

  const has = (key: string, now = Date.now()) => (entries.get(key)?.expires ?? 0) > now;
  return { cached, within, has, clear: () => entries.clear() };
}

const browseCounts = createCountCache();
/** The landing page's three counters, read by one statement (landing.ts). */
const landing = createCountCache<{ forSale: number; industries: number; newLast24h: number }>();

export const cachedCount = browseCounts.cached;
export const countWithin = browseCounts.within;
export const countIsCached = browseCounts.has;
export const landingCounters = landing.cached;

/** Tests and writes that must show the new total at once. */
export function clearCountCache(): void {
  browseCounts.clear();
  landing.clear();
  forgetCommonTokens();
}
