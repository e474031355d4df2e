import { useSearchParams } from 'react-router';
import { industries, type Industry } from '@bedriftstorget/core/listing/listing.sql';
import { browseSorts, type BrowseSort } from '@bedriftstorget/core/listing/schemas';

export interface BrowseParams {
  q: string;
  industry: Industry | undefined;
  location: string | undefined;
  sort: BrowseSort;
  cursor: string | undefined;
}

/**
 * The whole browse state lives in the URL (q, bransje, sted, sortering, side), so a search can be
 * shared, bookmarked and walked with Back. Unknown values are ignored rather than sent.
 */
export function useBrowseParams() {
  const [params, setParams] = useSearchParams();
  const industry = params.get('bransje');
  const sort = params.get('sortering');
  const value: BrowseParams = {
    q: params.get('q') ?? '',
    industry: industries.includes(industry as Industry) ? (industry as Industry) : undefined,
    location: params.get('sted') || undefined,
    sort: browseSorts.includes(sort as BrowseSort) ? (sort as BrowseSort) : 'newest',
    cursor: params.get('side') || undefined,
  };

  /** Any change but paging goes back to the first page. */
  const update = (changes: Partial<BrowseParams>) => {
    const next = { ...value, cursor: undefined, ...changes };
    const search = new URLSearchParams();
    if (next.q.trim()) search.set('q', next.q.trim());
    if (next.industry) search.set('bransje', next.industry);
    if (next.location) search.set('sted', next.location);
    if (next.sort !== 'newest') search.set('sortering', next.sort);
    if (next.cursor) search.set('side', next.cursor);
    setParams(search);
  };

  const activeFilters = (value.industry ? 1 : 0) + (value.location ? 1 : 0);
  return { params: value, update, activeFilters };
}
