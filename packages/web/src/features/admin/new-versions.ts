import { useState } from 'react';

/**
 * The ids whose content version changed since this page first showed them (decision 106): the seller
 * saved again while staff were reading, so the row is marked and staff look before they decide.
 * The first versions are kept in state, set during render as React advises for derived state.
 */
export function useNewVersions(items: readonly { id: string; version: number }[]): ReadonlySet<string> {
  const [firstSeen, setFirstSeen] = useState<ReadonlyMap<string, number>>(() => new Map());
  const unknown = items.filter((item) => !firstSeen.has(item.id));
  if (unknown.length > 0) setFirstSeen(new Map([...firstSeen, ...unknown.map((item) => [item.id, item.version] as const)]));
  return new Set(items.filter((item) => firstSeen.has(item.id) && firstSeen.get(item.id) !== item.version).map((item) => item.id));
}
