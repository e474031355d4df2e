import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '../router/location';

/**
 * A new page (a link followed, not Back) starts at its top; without this the detail page opened
 * from far down the list showed its footer. Back (POP) is left to the page, which restores.
 */
// The path last scrolled for, kept outside React: a layout that re-mounts, or whose effects re-run when
// a Suspense boundary shows it again (a lazy part loading), must not send the reader back to the top.
let handledPath: string | null = null;

export function useScrollTopOnNewPage(): void {
  const location = useLocation();
  const { pathname, hash } = location;
  const { state } = location;
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (handledPath === pathname) return;
    handledPath = pathname;
    // state.restore: 'Tilbake til søket' puts the reader back where they were (use-browse-results).
    if (type !== 'POP' && !hash && (state as { restore?: boolean } | null)?.restore !== true) window.scrollTo({ top: 0 });
    // Only a new path: filters changing the query string keep the place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
