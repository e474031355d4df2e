import { and, eq, gte, inArray, isNull, lte, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { townsOfCounty } from '@bedriftstorget/core/listing/places';
import type { z } from 'zod';

type BrowseInput = z.output<typeof browseInputSchema>;

/** Only active and sold listings, ever (docs/architecture.md, 'Security'): the generated is_public column leads every index. */
export const isPublic = eq(listings.isPublic, true);

/** The filter fields of a browse call: what a saved search keeps (core/saved-search/schemas.ts), and 'Skjul annonser under bud'. */
export type BrowseFilters = Pick<BrowseInput, 'industry' | 'location' | 'minPrice' | 'maxPrice' | 'minRevenue' | 'maxRevenue' | 'minProfit' | 'maxProfit'> & { hideUnderOffer?: boolean; verifiedSellers?: boolean };

/**
 * The filters a browse call has, each by its name and the value its SQL compares with (as the
 * column sends it to the database), in one fixed order. A county is `county0` (the name as typed)
 * and `county1`… (its towns); a town is `town`; 'under bud' and 'Verifiserte selgere' have no value.
 * Which names are present is all the SQL depends on (filterSql): the names joined are the shape of
 * a page's statement built once (decision 156), and the values fill its placeholders.
 */
export type FilterValues = Record<string, unknown>;

const ranges = [
  ['Price', listings.price],
  ['Revenue', listings.revenue],
  ['Profit', listings.profit],
] as const;

export function filterValues(input: BrowseFilters): FilterValues {
  const values: FilterValues = {};
  if (input.industry) values.industry = listings.industry.mapToDriverValue(input.industry);
  if (input.location) {
    // A town, or a county standing for its towns ('Vestland' → Bergen, Førde, …).
    const towns = townsOfCounty(input.location);
    if (towns.length) [input.location, ...towns].forEach((place, i) => (values[`county${i}`] = listings.location.mapToDriverValue(place)));
    else values.town = listings.location.mapToDriverValue(input.location);
  }
  for (const [name, column] of ranges) {
    const min = input[`min${name}`];
    const max = input[`max${name}`];
    if (min !== undefined) values[`min${name}`] = column.mapToDriverValue(min);
    if (max !== undefined) values[`max${name}`] = column.mapToDriverValue(max);
  }
  if (input.hideUnderOffer) values.hideUnderOffer = true;
  if (input.verifiedSellers) values.verifiedSellers = true;
  return values;
}

/** The shape of a set of filters: the names present, in filterValues' order. */
export function filterShape(values: FilterValues): string {
  return Object.keys(values).join(',');
}

/**
 * Everything but the words, from filterValues: industry, place, ranges and 'under bud'. `bind`
 * gives each value's place in the SQL: the value itself (sent as a parameter), or a placeholder of
 * its name (a statement built once). Both ways come from this one function, so they cannot differ.
 */
export function filterSql(values: FilterValues, bind: (name: string) => SQLWrapper): SQL | undefined {
  const has = (name: string) => name in values;
  // A parameter or a placeholder: drizzle sends either as it is, the column's own mapping already done.
  const value = (name: string) => bind(name) as Placeholder;
  const counties = Object.keys(values).filter((name) => name.startsWith('county'));
  return and(
    has('industry') ? eq(listings.industry, value('industry')) : undefined,
    // A town never finds a confidential sale, which shows its county only (decision 099).
    counties.length ? inArray(listings.location, counties.map(value)) : has('town') ? and(eq(listings.location, value('town')), eq(listings.confidential, false)) : undefined,
    ...ranges.map(([name, column]) => and(has(`min${name}`) ? gte(column, value(`min${name}`)) : undefined, has(`max${name}`) ? lte(column, value(`max${name}`)) : undefined)),
    // Checked on the rows the sort index reads: few listings are under offer, so a page stays a short walk.
    has('hideUnderOffer') ? isNull(listings.underOfferAt) : undefined,
    // 'Verifiserte selgere' (decision 131): the mark beside the listing, no join; its own index for newest first and the count.
    has('verifiedSellers') ? eq(listings.sellerVerified, true) : undefined,
  );
}

/** The filters with their values as parameters. */
export function listingFilters(input: BrowseFilters): SQL | undefined {
  const values = filterValues(input);
  return filterSql(values, (name) => sql.param(values[name]));
}

/** The filters with their values as placeholders named as in filterValues. */
export function placeholderFilters(values: FilterValues): SQL | undefined {
  return filterSql(values, (name) => sql.placeholder(name));
}
