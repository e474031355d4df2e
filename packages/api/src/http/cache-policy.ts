import { isPublicQuery } from '@bedriftstorget/core/api/public-queries';
import { asksPlainJson } from './format-headers';
import type { HeaderReader } from './guard';

/**
 * How long a shared cache (CloudFront, the local server's cache) may serve a public answer as
 * fresh, and for how long after that it may still serve it while it fetches a new one (decision
 * 080). N + M stays within 30 s, so even the one stale answer that starts a refresh is at most
 * 30 s old; browsers ignore s-maxage, so they do not keep these answers as fresh.
 */
export const PUBLIC_FRESH_SECONDS = 10;
export const PUBLIC_STALE_SECONDS = 20;

/** The same answer for everyone: shared caches keep it, keyed by its URL only. */
export const PUBLIC_CACHE = `public, s-maxage=${PUBLIC_FRESH_SECONDS}, stale-while-revalidate=${PUBLIC_STALE_SECONDS}`;
/** Anything that depends on who asks, changes state or failed: never stored anywhere. */
export const PRIVATE_CACHE = 'private, no-store';

export type CachePolicy = 'public' | 'private';

/**
 * Public only for a GET whose every call is a query named in PUBLIC_QUERIES, asked without a header
 * that changes the answer's format: the web client sends those in a batch of their own, so one
 * per-user query in a batch makes the whole answer private. The paths are tRPC's own reading of
 * the request (its `info.calls`), so no other parsing of the URL can disagree with what runs.
 */
export function batchCachePolicy(method: string, type: string, paths: readonly string[], headers: HeaderReader): CachePolicy {
  if (method !== 'GET' || type !== 'query' || paths.length === 0 || !asksPlainJson(headers)) return 'private';
  return paths.every(isPublicQuery) ? 'public' : 'private';
}

/** The header for a tRPC answer: public only for a public batch without a single error (a refusal or failure is never stored). */
export function trpcCacheControl(policy: CachePolicy, hasErrors: boolean): string {
  return policy === 'public' && !hasErrors ? PUBLIC_CACHE : PRIVATE_CACHE;
}

/** s-maxage and stale-while-revalidate of a `public` Cache-Control, or null when a shared cache must not keep the answer. */
export function sharedLifetime(cacheControl: string | null): { fresh: number; stale: number } | null {
  if (!cacheControl) return null;
  const directives = new Map(cacheControl.toLowerCase().split(',').map((part) => {
    const [name = '', value = ''] = part.trim().split('=');
    return [name, value] as const;
  }));
  if (!directives.has('public') || directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  const fresh = Number(directives.get('s-maxage') ?? directives.get('max-age') ?? NaN);
  if (!Number.isFinite(fresh) || fresh <= 0) return null;
  const stale = Number(directives.get('stale-while-revalidate') ?? 0);
  return { fresh, stale: Number.isFinite(stale) && stale > 0 ? stale : 0 };
}
