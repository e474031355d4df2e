import { formatNok } from '../format/nb';
import { industryLabels } from '../listing/labels';
import { browse } from '../texts/marketplace';
import { savedSearchTexts as texts } from '../texts/saved-search';
import { VIPPS_SELLERS_FILTER } from '../texts/vipps';
import type { SavedFiltersInput } from './schemas';

const RANGES = [
  ['price', 'minPrice', 'maxPrice'],
  ['revenue', 'minRevenue', 'maxRevenue'],
  ['profit', 'minProfit', 'maxProfit'],
] as const;

/**
 * A search's filters in words ('«kafé» · Restaurant & Mat · i Bergen · Pris opptil 2 000 000 kr ·
 * Verifiserte selgere'):
 * the dialog's default name and what an alert mail says matched. Browser-safe.
 */
export function describeFilters(filters: SavedFiltersInput): string {
  const parts: string[] = [];
  const q = filters.q?.trim();
  if (q) parts.push(texts.words(q));
  if (filters.industry) parts.push(industryLabels[filters.industry]);
  if (filters.location) parts.push(texts.in(filters.location));
  for (const [what, min, max] of RANGES) {
    const low = filters[min];
    const high = filters[max];
    if (low === undefined && high === undefined) continue;
    parts.push(texts.range(browse.ranges[what], low === undefined ? null : formatNok(low), high === undefined ? null : formatNok(high)));
  }
  if (filters.verifiedSellers) parts.push(VIPPS_SELLERS_FILTER);
  return parts.length ? parts.join(' · ') : texts.allListings;
}
