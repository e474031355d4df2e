import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../../router/location';
import { trpc } from '../../lib/trpc';
import { LAST_SEARCH } from './last-search';
import { shownTotal } from './shown-total';

type BrowseInput = Omit<Exclude<Parameters<typeof trpc.listing.browse.queryOptions>[0], symbol>, 'cursor'>;

const positionKey = (search: string) => `bt:browse-position:${search}`;

/**
 * The browse results as pages that 'Vis flere' appends below the ones shown, so the reader keeps
 * their place. The pages stay in the query cache; coming back (Back, or 'Tilbake til
 * søket' with `state.restore`) loads as many pages as were open and scrolls to where the reader was.
 */
export function useBrowseResults(input: BrowseInput & { cursor?: string }) {
  const { cursor, ...rest } = input;
  const query = useInfiniteQuery(trpc.listing.browse.infiniteQueryOptions(rest, {
    initialCursor: cursor,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
  }));
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  useRestorePosition(pages.length, query.hasNextPage, query.isFetchingNextPage, () => void query.fetchNextPage());
  const counted = useCountIfMissing(rest, pages[0]?.total, query.isPlaceholderData);
  // While the previous search's pages stand in for this one's, TanStack says it has no next page:
  // 'read to its end' would then show 'Viser 12 av 12' for a moment. Keep the count as it was.
  const total = query.isPlaceholderData ? counted.total : shownTotal(counted.total, items.length, query.hasNextPage, cursor === undefined);
  return { query, items, total, countFailed: counted.failed };
}

/**
 * A page whose count took longer than the page (a first search of common words) comes with total
 * null; the count is then asked for on its own and shows when it is there (decision 056).
 */
function useCountIfMissing(input: BrowseInput, pageTotal: number | null | undefined, previousSearch: boolean) {
  const { sort: _sort, limit: _limit, ...filters } = input;
  // While the previous search's pages are shown, its count says nothing about this one: wait for this page.
  const count = useQuery(trpc.listing.browseCount.queryOptions(filters, { enabled: pageTotal === null && !previousSearch }));
  if (pageTotal !== null) return { total: pageTotal, failed: false };
  return { total: count.data, failed: count.isError };
}

function useRestorePosition(pageCount: number, hasMore: boolean, fetchingMore: boolean, fetchMore: () => void) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const search = location.search;
  const restore = useRef(navigationType === 'POP' || (location.state as { restore?: boolean } | null)?.restore === true);
  const pagesRef = useRef(pageCount);
  useEffect(() => {
    pagesRef.current = pageCount;
  }, [pageCount]);

  // Remember this list and, while reading it, how far down and how many pages are open.
  useEffect(() => {
    const save = () => {
      // A scroll event can arrive after the reader has left (the next page scrolling to its top runs
      // before this listener is removed): it must not overwrite where they were on this list.
      if (window.location.pathname !== location.pathname || window.location.search !== search) return;
      try {
        sessionStorage.setItem(LAST_SEARCH, `${location.pathname}${search}`);
        // Not while restoring: the page is still at the top and would overwrite where the reader was.
        if (pagesRef.current > 0 && !restore.current) sessionStorage.setItem(positionKey(search), JSON.stringify({ y: window.scrollY, pages: pagesRef.current }));
      } catch {
        // Private mode without storage: the list still works, only the return is not restored.
      }
    };
    // In the next frame, where the browser lays the page out anyway: `scrollY` read now would force
    // that layout inside React's commit, the longest task of the page's load.
    const frame = requestAnimationFrame(save);
    window.addEventListener('scroll', save, { passive: true });
    // No save on leaving: by then the next page's DOM may have clamped the scroll position.
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [location.pathname, search]);

  useLayoutEffect(() => {
    if (!restore.current || pageCount === 0) return;
    let saved: { y: number; pages: number } | null = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(positionKey(search)) ?? 'null') as { y: number; pages: number } | null;
    } catch {
      saved = null;
    }
    if (!saved) {
      restore.current = false;
      return;
    }
    if (pageCount < saved.pages && hasMore) {
      if (!fetchingMore) fetchMore();
      return;
    }
    restore.current = false;
    window.scrollTo({ top: saved.y });
  }, [pageCount, hasMore, fetchingMore, fetchMore, search]);
}
