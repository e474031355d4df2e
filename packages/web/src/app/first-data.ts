import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { browseParamsOf, browseQuery } from '@bedriftstorget/core/listing/browse-url';
import { trpc } from '../lib/trpc';

/** Written by the server that answers the page's HTML (api/src/seo/first-data.ts, decision 053). */
const FIRST_DATA_ID = 'bt-forhandsdata';
/** The data was read for this very visit a moment ago: no second request for it on mount. */
const FRESH_MS = 30_000;

interface FirstData {
  path: string;
  input: unknown;
  data: unknown;
}

function readFirstData(): FirstData[] {
  const element = document.getElementById(FIRST_DATA_ID);
  if (!element) return [];
  element.remove();
  try {
    const entries: unknown = JSON.parse(element.textContent ?? '');
    return Array.isArray(entries) ? (entries as FirstData[]) : [];
  } catch {
    return [];
  }
}

/**
 * Puts the page's first data into the query cache before the first render, so a visitor's listing
 * page and first page of results show at once instead of after one more round trip to the API
 * (decision 053: the largest contentful paint).
 */
export function seedFirstData(queryClient: QueryClient): void {
  const { pathname, search } = window.location;
  for (const entry of readFirstData()) {
    // Only for the page it was made for, asked for exactly as the page will ask.
    if (entry.path === 'listing.detail' && pathname === `/bedrift/${(entry.input as { id: string }).id}`) {
      seed(queryClient, trpc.listing.detail.queryKey(entry.input as { id: string }), entry.data);
    }
    if (entry.path === 'listing.browse' && pathname === '/alle-annonser') {
      const { cursor, ...own } = browseQuery(browseParamsOf(new URLSearchParams(search)));
      if (cursor || hashKey([own]) !== hashKey([entry.input])) continue;
      // useBrowseResults' infinite query: one page, read from the start (tRPC's first cursor is null).
      seed(queryClient, trpc.listing.browse.infiniteQueryKey(own), { pages: [entry.data], pageParams: [null] });
    }
  }
}

function seed(queryClient: QueryClient, key: QueryKey, data: unknown) {
  queryClient.setQueryDefaults(key, { staleTime: FRESH_MS });
  queryClient.setQueryData(key, data);
}
