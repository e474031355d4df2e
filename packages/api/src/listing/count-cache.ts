/**
 * 'Viser X av Y annonser' needs Y, an exact COUNT over the filtered public listings: 18–56 ms for
 * all of 100 000. Y may be a few seconds old, so each filter combination's count is kept for a
 * short while, per process (per Lambda instance), and requests that miss at the same time share
 * the one query in flight instead of each running it.
 */
import { forgetCommonTokens } from './common-tokens';
import { forgetPlans } from './plan-memory';

const TTL_MS = 20_000;
const MAX_ENTRIES = 500;

export interface CountCache<T = number> {
  cached: (key: string, count: () => Promise<T>, now?: number) => Promise<T>;
  within: (key: string, count: () => Promise<T>, waitMs: number, now?: number) => Promise<T | null>;
  /** Whether a fresh value is kept for this key (no query started). */
  has: (key: string, now?: number) => boolean;
  clear: () => void;
}

/**
 * Past this much of its life a count read again is counted anew in the background, and the value
 * still fresh is answered meanwhile (decision 157): a count read steadily never expires under a
 * request, so no visitor waits on its query ('lønnsom': 80–130 ms at 100 000 listings, every 20 s,
 * with every request for it in that moment waiting too; the soak's slowest answers). A value is
 * never answered older than TTL_MS, from the start of the query that counted it, as before.
 */
const REFRESH_AFTER_MS = 15_000;

/** A cache of counts; the search plan keeps its own (listings in scope), which tests need not clear. */
export function createCountCache<T = number>(): CountCache<T> {
  const entries = new Map<string, { value: T; expires: number }>();
  const inFlight = new Map<string, Promise<T>>();
  // Bumped by clear(): a query started before it does not put its older value back.
  let generation = 0;

  function start(key: string, count: () => Promise<T>, now: number): Promise<T> {
    const running = inFlight.get(key);
    if (running) return running;
    const startedIn = generation;
    const query = count()
      .then((value) => {
        if (startedIn !== generation) return value;
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, { value, expires: now + TTL_MS });
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === query) inFlight.delete(key);
      });
    inFlight.set(key, query);
    return query;
  }

  /** A fresh value, counting it anew in the background when it is near its end; undefined when none is fresh. */
  function fresh(key: string, count: () => Promise<T>, now: number): { value: T } | undefined {
    const hit = entries.get(key);
    if (!hit || hit.expires <= now) return undefined;
    const age = now - (hit.expires - TTL_MS);
    if (age > REFRESH_AFTER_MS && !inFlight.has(key)) {
      start(key, count, now).catch((error: unknown) => console.error('a count refreshed ahead of its expiry failed', error));
    }
    return { value: hit.value };
  }

  async function cached(key: string, count: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = fresh(key, count, now);
    return hit ? hit.value : start(key, count, now);
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
    const hit = fresh(key, count, now);
    if (hit) return hit.value;
    const pending = cached(key, count, now).then((value) => ({ value }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = waitMs > 0 ? new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs))) : Promise.resolve(null);
    const outcome = await Promise.race([pending, late]).finally(() => clearTimeout(timer));
    if (outcome) return outcome.value;
    pending.catch((error: unknown) => console.error('a count left running after its page was sent failed', error));
    return null;
  }

  const has = (key: string, now = Date.now()) => (entries.get(key)?.expires ?? 0) > now;
  const clear = () => {
    generation += 1;
    entries.clear();
    inFlight.clear();
  };
  return { cached, within, has, clear };
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
  forgetPlans();
}
