import { useState } from 'react';

/**
 * Keyset pages forwards and back: the cursors of the pages seen so far. A new `resetKey`
 * (other filters) starts again at the first page.
 */
export function useCursorPager(resetKey: string) {
  const [state, setState] = useState({ key: resetKey, cursors: [undefined] as (string | undefined)[], index: 0 });
  if (state.key !== resetKey) setState({ key: resetKey, cursors: [undefined], index: 0 });
  const index = state.key === resetKey ? state.index : 0;
  return {
    cursor: state.key === resetKey ? state.cursors[index] : undefined,
    page: index + 1,
    hasPrevious: index > 0,
    previous: () => setState((s) => ({ ...s, index: Math.max(0, s.index - 1) })),
    next: (cursor: string) => setState((s) => ({ ...s, cursors: [...s.cursors.slice(0, s.index + 1), cursor], index: s.index + 1 })),
  };
}
