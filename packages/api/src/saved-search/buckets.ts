import { formerNamesOf } from '@bedriftstorget/core/listing/former-counties';
import { counties, townsOfCounty } from '@bedriftstorget/core/listing/places';
import { PREFIX_MIN_LENGTH, searchTokens } from '@bedriftstorget/core/listing/search-terms';
import type { Industry } from '@bedriftstorget/core/listing/enums';
import { stemOf } from '@bedriftstorget/core/listing/spelling';
import type { SavedFilters } from '@bedriftstorget/core/saved-search/schemas';

/**
 * Buckets (decision 046): each saved search is filed under ONE required thing a listing must have
 * to match it — its longest search word (long words are rare words), else its place, else its
 * industry, else nothing (a candidate for every listing). A new listing then reads only the
 * searches filed under what it has. Buckets only narrow: every candidate is then checked with
 * browse's own WHERE (match.ts), so a bucket may let too many through but must never miss one.
 */
export interface Buckets {
  termKey: string | null;
  placeKey: string | null;
  industryKey: Industry | null;
}

export function bucketsOf(filters: SavedFilters): Buckets {
  const tokens = searchTokens(filters.q ?? '');
  if (tokens.length) {
    const longest = tokens.reduce((best, token) => ([...token].length > [...best].length ? token : best));
    // A token in a definite or plural form also matches its stem (decision 148): every listing it
    // matches has the stem among its term keys (a word starting with the token starts with the stem).
    return { termKey: stemOf(longest), placeKey: null, industryKey: null };
  }
  if (filters.location) return { termKey: null, placeKey: filters.location, industryKey: null };
  return { termKey: null, placeKey: null, industryKey: filters.industry ?? null };
}

/**
 * The term keys a listing can satisfy: each of its words whole (short tokens match whole words)
 * and every prefix of at least PREFIX_MIN_LENGTH characters (longer tokens match word starts).
 * Code points, as MySQL counts characters; compared in binary like listing_terms.term.
 */
export function termKeysOf(terms: string[]): string[] {
  const keys = new Set<string>();
  for (const term of terms) {
    const chars = [...term];
    keys.add(term);
    for (let n = PREFIX_MIN_LENGTH; n < chars.length; n += 1) keys.add(chars.slice(0, n).join(''));
  }
  return [...keys];
}

// Looser than the column's utf8mb4_unicode_ci ('Tromso' ~ 'Tromsø' here, not there): a superset is safe.
const loose = new Intl.Collator('und', { sensitivity: 'base' });

/**
 * The place keys a listing's location can satisfy: the location itself (compared by the
 * database's collation), every county with a town that might be that location, and those
 * counties' former names (a search saved for 'Hordaland' is filed under it, decision 093).
 */
export function placeKeysOf(location: string): string[] {
  const place = location.trim();
  const around = counties.filter((county) => townsOfCounty(county).some((town) => loose.compare(town, place) === 0));
  return [...new Set([location, ...around, ...around.flatMap(formerNamesOf)])];
}
