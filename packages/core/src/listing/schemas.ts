import * as z from 'zod';
import { cleanText, textField } from '../text/clean';
import { request } from '../texts/http';
import { detail } from '../texts/marketplace';
import { SEARCH_MAX_LENGTH } from './browse-url';
import { browseSorts, industries } from './enums';

export { browseSorts, type BrowseSort } from './enums';

export const savedSorts = ['saved_desc', 'newest', 'price_asc', 'price_desc'] as const;
export type SavedSort = (typeof savedSorts)[number];

export const BROWSE_PAGE_SIZE = 12;

export const listingIdSchema = z.uuid({ error: detail.notFound });

/** Whole kroner, as the filter fields take them; a result (profit) may be negative. */
const kroner = (min: number) => z.number().int().min(min).max(1_000_000_000_000).optional();
const rangeFilters = {
  minPrice: kroner(0),
  maxPrice: kroner(0),
  minRevenue: kroner(0),
  maxRevenue: kroner(0),
  minProfit: kroner(-1_000_000_000_000),
  maxProfit: kroner(-1_000_000_000_000),
};
export const rangeFilterKeys = Object.keys(rangeFilters) as (keyof typeof rangeFilters)[];

export const browseInputSchema = z.object({
  q: z.string().max(SEARCH_MAX_LENGTH).optional().transform((q) => (q ? cleanText(q).trim() || undefined : undefined)),
  industry: z.enum(industries).optional(),
  location: textField({ min: 1, max: 100, maxMessage: request.locationTooLong }).optional(),
  sort: z.enum(browseSorts).default('newest'),
  cursor: z.string().max(500).optional(),
  limit: z.number().int().min(1).max(48).default(BROWSE_PAGE_SIZE),
  /** 'Skjul annonser under bud' (decision 044). */
  hideUnderOffer: z.boolean().optional(),
  /** 'Verifiserte selgere': sellers verified with Vipps only (decision 131). */
  verifiedSellers: z.boolean().optional(),
  ...rangeFilters,
});
export type BrowseInput = z.input<typeof browseInputSchema>;

/** 'Viser X av Y' alone, for a page answered before its count was (listing.browseCount). */
export const browseCountInputSchema = browseInputSchema.omit({ sort: true, cursor: true, limit: true });
