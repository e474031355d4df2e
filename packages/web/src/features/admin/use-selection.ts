import { useCallback, useMemo, useState } from 'react';

/**
 * The selection set that drives bulk actions (docs/product.md, 'States'). Only rows on screen count: a row that
 * left (another page, a filter, a delete) is never part of a bulk action, and is dropped from
 * the set at the next change.
 */
export function useSelection(visibleIds: string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const current = useMemo(() => visibleIds.filter((id) => selected.has(id)), [visibleIds, selected]);
  const toggle = useCallback(
    (id: string, on: boolean) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      setSelected(next);
    },
    [current],
  );
  const setAll = useCallback((on: boolean) => setSelected(on ? new Set(visibleIds) : new Set()), [visibleIds]);
  const clear = useCallback(() => setSelected(new Set()), []);
  return {
    ids: current,
    has: (id: string) => selected.has(id),
    toggle,
    setAll,
    clear,
    allChecked: visibleIds.length > 0 && current.length === visibleIds.length,
    someChecked: current.length > 0 && current.length < visibleIds.length,
  };
}
