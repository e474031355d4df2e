import { useSearchParams } from '../../router/location';
import { browseParamsOf, browseQuery, browseSearchParams, rangeKeys, type BrowseParams } from '@bedriftstorget/core/listing/browse-url';

export { browseQuery, browseSearchParams, parseKroner, rangeKeys, type BrowseParams, type RangeKey } from '@bedriftstorget/core/listing/browse-url';

/**
 * The whole browse state lives in the URL (q, bransje, sted, sortering, side), so a search can be
 * shared, bookmarked and walked with Back. Unknown values are ignored rather than sent.
 */
export function useBrowseParams() {
  const [params, setParams] = useSearchParams();
  const value = browseParamsOf(params);

  /**
   * Any change but paging goes back to the first page. Merged with the address as it is when the
   * change is made, not as it was at the last render: two changes made before the page renders
   * again (a filter cleared, then the sort) must not undo each other.
   */
  const update = (changes: Partial<BrowseParams>) => {
    setParams(browseSearchParams({ ...browseParamsOf(new URLSearchParams(window.location.search)), cursor: undefined, ...changes }));
  };

  const activeFilters = (value.industry ? 1 : 0) + (value.location ? 1 : 0) + (value.hideUnderOffer ? 1 : 0) + (value.verifiedSellers ? 1 : 0) + rangeKeys.filter((key) => value[key] !== undefined).length;
  return { params: value, update, activeFilters };
}

/**
 * What a saved search keeps of a browse state: the search words and filters ('Verifiserte selgere'
 * among them), not the sort, the page or 'Skjul annonser under bud' (alerts are for newly published
 * listings, which are never under offer).
 */
export function savedFiltersOf(params: BrowseParams) {
  const { sort: _sort, cursor: _cursor, hideUnderOffer: _hide, ...rest } = browseQuery(params);
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<ReturnType<typeof browseQuery>, 'sort' | 'cursor' | 'hideUnderOffer'>;
}

/** What 'Nullstill filtre' clears. */
export const noFilters: Partial<BrowseParams> = {
  industry: undefined, location: undefined, hideUnderOffer: false, verifiedSellers: false, minPrice: undefined, maxPrice: undefined, minRevenue: undefined, maxRevenue: undefined, minProfit: undefined, maxProfit: undefined,
};
