import { sharedLifetime } from './cache-policy';
import { readServed, type Served } from './served';

/** What a fresh hit writes: every header (the server's own, set before the lookup, and the answer's) and the body. */
export interface Hit {
  head: Record<string, string | number | string[]>;
  body: Buffer;
}

interface Entry {
  /** Its body as bytes (store), whatever it was answered as. */
  served: Served & { body: Buffer };
  /** The headers a hit writes, whole: computed once when stored. */
  head: Record<string, string | number | string[]>;
  storedAt: number;
  freshMs: number;
  staleMs: number;
  /** The last hit's headers with their Age: hits within one second share one object (decision 092). */
  hitHead: { age: number; head: Record<string, string | number | string[]> } | null;
}

export interface LocalCacheOptions {
  /** The clock, in ms; tests pass their own. */
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}

/** The origin's answer as the cache keeps it: tRPC's answers come built (decision 154), others as a Fetch Response. */
const servedOf = (answer: Response | Served): Promise<Served> => (answer instanceof Response ? readServed(answer) : Promise.resolve(answer));

/**
 * What CloudFront does in front of /trpc and the crawler pages, in the local server's process, so
 * `npm start` behaves as the cloud does (decision 081): keyed by the URL only (never a cookie),
 * it keeps only 200 answers marked `public` with an s-maxage and no Set-Cookie, serves them fresh
 * for s-maxage, then stale for stale-while-revalidate while one refresh runs. Everything else goes
 * to the origin every time, with the request's cookies. Bounded in entries and bytes (oldest use first out).
 */
export class LocalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly refreshing = new Map<string, Promise<void>>();
  private bytes = 0;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(options: LocalCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /**
   * A fresh copy of `key`, synchronously, for the server's fast path (a hit is a Map lookup and one
   * write); null when there is none or it is stale (`serve` then answers it and starts the refresh).
   */
  fresh(key: string): Hit | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = this.now() - entry.storedAt;
    // A stale copy whose one refresh is already running is served as `serve` would serve it, without
    // the request's path through the server: at 5 000 req/s a refresh's 100 ms are 500 requests.
    if (age >= entry.freshMs && !(age < entry.freshMs + entry.staleMs && this.refreshing.has(key))) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    const seconds = Math.floor(age / 1000);
    // No per-hit copy of the headers: one object per second of Age (node:http only reads it).
    if (entry.hitHead?.age !== seconds) entry.hitHead = { age: seconds, head: { ...entry.head, age: seconds } };
    return { head: entry.hitHead.head, body: entry.served.body };
  }

  /**
   * The answer for a GET of `key`: from the cache when it holds a usable one, else from `origin`
   * (kept when it may be shared). `base` are the headers the server sets on every answer of this
   * path (security headers), kept with the copy for `fresh`.
   */
  async serve(key: string, origin: () => Promise<Response | Served>, base: Record<string, string | number | string[]> = {}): Promise<Served> {
    const entry = this.entries.get(key);
    if (entry) {
      const age = this.now() - entry.storedAt;
      if (age < entry.freshMs + entry.staleMs) {
        // Most recently used last, so the oldest use leaves first.
        this.entries.delete(key);
        this.entries.set(key, entry);
        if (age >= entry.freshMs) this.refresh(key, origin, base);
        return { ...entry.served, headers: { ...entry.served.headers, age: String(Math.floor(age / 1000)) } };
      }
      this.remove(key);
    }
    const served = await servedOf(await origin());
    this.store(key, served, base);
    return served;
  }

  /** Resolves when no refresh is running (tests wait for one to finish). */
  async settled(): Promise<void> {
    while (this.refreshing.size > 0) await Promise.all(this.refreshing.values());
  }

  get size(): number {
    return this.entries.size;
  }

  private refresh(key: string, origin: () => Promise<Response | Served>, base: Record<string, string | number | string[]>): void {
    if (this.refreshing.has(key)) return;
    const run = origin()
      .then(servedOf)
      .then((served) => {
        // A refresh that is not shareable any more (an error, a now-private answer) drops the old copy.
        if (!this.store(key, served, base)) this.remove(key);
      })
      .catch((error: unknown) => {
        console.error(`local cache: refreshing ${key} failed`, error);
        this.remove(key);
      })
      .finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, run);
  }

  /** Keeps `served` when a shared cache may: a 200, `public` with a lifetime, nothing per-user (no Set-Cookie), not a stream. */
  private store(key: string, served: Served, base: Record<string, string | number | string[]>): boolean {
    const whole = served.status === 200 && served.setCookies.length === 0 && served.streamed !== true;
    const lifetime = whole ? sharedLifetime(served.headers['cache-control'] ?? null) : null;
    // Kept as bytes: a hit is written thousands of times a second, a string would be encoded each time.
    const body = typeof served.body === 'string' ? Buffer.from(served.body) : served.body;
    if (!lifetime || body.length > this.maxBytes / 4) return false;
    this.remove(key);
    const head = { ...base, ...served.headers, 'content-length': body.length };
    this.entries.set(key, { served: { ...served, body }, head, storedAt: this.now(), freshMs: lifetime.fresh * 1000, staleMs: lifetime.stale * 1000, hitHead: null });
    this.bytes += body.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
    return true;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.served.body.length;
    this.entries.delete(key);
  }
}
