import type { SearchScope } from './term-counts';

/**
 * Search words lately found in more than CANDIDATE_LIMIT listings of a scope ('lønnsom', 'as'),
 * per process for 20 s like the counts (decision 126). For such a word the plan does not read its
 * first 601 listing ids again, and browse sends no early page for it (decision 093): both were
 * read on every search and thrown away, the costliest work of a common word's request. Only the
 * choice of plan leans on this: a walk checks every word of every row it returns, so a word that
 * turned rare within the 20 s is still searched exactly, only less quickly.
 */
const TTL_MS = 20_000;
const MAX_ENTRIES = 1_000;

const common = new Map<string, number>();
const keyOf = (scope: SearchScope, token: string) => `${scope}\u0000${token}`;

export function isKnownCommon(scope: SearchScope, token: string, now = Date.now()): boolean {
  const expires = common.get(keyOf(scope, token));
  return expires !== undefined && expires > now;
}

export function rememberCommon(scope: SearchScope, token: string, now = Date.now()): void {
  // Bounded: a flood of distinct common prefixes only restarts the memory.
  if (common.size >= MAX_ENTRIES) common.clear();
  common.set(keyOf(scope, token), now + TTL_MS);
}

/** Tests and writes that must show a change at once (with the counts: clearCountCache). */
export function forgetCommonTokens(): void {
  common.clear();
}
