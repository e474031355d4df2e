import { browseSorts, industries, type BrowseSort, type Industry } from './enums';

/** Characters of search text the API takes (browseInputSchema); a longer text in a link is cut, not refused. */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The browse state as the URL holds it (q, bransje, sted, sortering, side, the ranges, under bud):
 * read by the web's browse page and by the server that puts a visitor's first page into the HTML
 * (decision 053), so both ask for exactly the same thing.
 */
export interface BrowseParams {
  q: string;
  industry: Industry | undefined;
  location: string | undefined;
  sort: BrowseSort;
  cursor: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  minRevenue: number | undefined;
  maxRevenue: number | undefined;
  minProfit: number | undefined;
  maxProfit: number | undefined;
  /** 'Skjul annonser under bud' (decision 044). */
  hideUnderOffer: boolean;
  /** 'Verifiserte selgere': only sellers verified with Vipps (decision 131). */
  verifiedSellers: boolean;
}

export type RangeKey = 'minPrice' | 'maxPrice' | 'minRevenue' | 'maxRevenue' | 'minProfit' | 'maxProfit';

/** The range filters' names in the URL. */
const RANGE_PARAMS: Record<RangeKey, string> = {
  minPrice: 'pris-fra', maxPrice: 'pris-til', minRevenue: 'omsetning-fra', maxRevenue: 'omsetning-til', minProfit: 'resultat-fra', maxProfit: 'resultat-til',
};
export const rangeKeys = Object.keys(RANGE_PARAMS) as RangeKey[];

/** 'Skjul annonser under bud' in the URL. */
const HIDE_UNDER_OFFER = ['under-bud', 'skjul'] as const;

/** 'Verifiserte selgere' in the URL. */
const VERIFIED_SELLERS = ['selger', 'verifisert'] as const;

/** Whole kroner from what people type ('1 500 000', '-200000'); anything else is no filter. */
export function parseKroner(text: string | null): number | undefined {
  const cleaned = (text ?? '').replace(/[\s\u00a0.]/g, '');
  if (!/^-?\d{1,13}$/.test(cleaned)) return undefined;
  return Number(cleaned);
}

/** The browse state in a URL's query; unknown values are ignored rather than sent. */
export function browseParamsOf(params: URLSearchParams): BrowseParams {
  const industry = params.get('bransje');
  const sort = params.get('sortering');
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    industry: industries.includes(industry as Industry) ? (industry as Industry) : undefined,
    location: params.get('sted') || undefined,
    sort: browseSorts.includes(sort as BrowseSort) ? (sort as BrowseSort) : 'newest',
    cursor: params.get('side') || undefined,
    hideUnderOffer: params.get(HIDE_UNDER_OFFER[0]) === HIDE_UNDER_OFFER[1],
    verifiedSellers: params.get(VERIFIED_SELLERS[0]) === VERIFIED_SELLERS[1],
    ...(Object.fromEntries(rangeKeys.map((key) => [key, parseKroner(params.get(RANGE_PARAMS[key]))])) as Record<RangeKey, number | undefined>),
  };
}

/** The URL's query for a browse state (also how /lagrede-sok opens a saved search). */
export function browseSearchParams(next: Partial<BrowseParams>): URLSearchParams {
  const search = new URLSearchParams();
  if (next.q?.trim()) search.set('q', next.q.trim());
  if (next.industry) search.set('bransje', next.industry);
  if (next.location) search.set('sted', next.location);
  if (next.sort && next.sort !== 'newest') search.set('sortering', next.sort);
  for (const key of rangeKeys) if (next[key] !== undefined) search.set(RANGE_PARAMS[key], String(next[key]));
  if (next.hideUnderOffer) search.set(...HIDE_UNDER_OFFER);
  if (next.verifiedSellers) search.set(...VERIFIED_SELLERS);
  if (next.cursor) search.set('side', next.cursor);
  return search;
}

/** The browse call's input for these parameters. */
export function browseQuery(params: BrowseParams) {
  const { q, hideUnderOffer, verifiedSellers, ...rest } = params;
  // Left out when off, so the unfiltered call's URL — the shared cache's key — stays what it was.
  return { ...rest, q: q || undefined, hideUnderOffer: hideUnderOffer || undefined, verifiedSellers: verifiedSellers || undefined };
}

