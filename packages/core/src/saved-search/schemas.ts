import * as z from 'zod';
import { browseInputSchema } from '../listing/schemas';
import { textField } from '../text/clean';
import { savedSearchTexts as texts } from '../texts/saved-search';
import { alertFrequencies, SAVED_SEARCH_NAME_MAX } from './enums';

/**
 * The filters of a saved search are browse's own filters (one schema, so a saved search means what
 * the browse page shows): everything but the sort, paging and 'Skjul annonser under bud' (alerts are
 * for newly published listings, which are never under offer).
 */
export const savedFiltersSchema = browseInputSchema.pick({
  q: true, industry: true, location: true, minPrice: true, maxPrice: true, minRevenue: true, maxRevenue: true, minProfit: true, maxProfit: true, verifiedSellers: true,
});
export type SavedFilters = z.output<typeof savedFiltersSchema>;
export type SavedFiltersInput = z.input<typeof savedFiltersSchema>;

export const savedSearchIdSchema = z.uuid({ error: texts.notFound });
export const savedSearchNameSchema = textField({ min: 1, max: SAVED_SEARCH_NAME_MAX, minMessage: texts.nameRequired, maxMessage: texts.nameTooLong });
export const alertFrequencySchema = z.enum(alertFrequencies);

export const createSavedSearchSchema = z.object({
  name: savedSearchNameSchema,
  alerts: alertFrequencySchema,
  filters: savedFiltersSchema,
});
export const renameSavedSearchSchema = z.object({ id: savedSearchIdSchema, name: savedSearchNameSchema });
export const setAlertsSchema = z.object({ id: savedSearchIdSchema, alerts: alertFrequencySchema });
export const unsubscribeSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, texts.unsubscribeFailed) });

/**
 * Two saved searches with the same key show the same listings: filters without empty values, words
 * in lower case, in a fixed order. A user cannot save the same search twice (decision 085).
 */
export function filtersKey(filters: SavedFilters): string {
  const entries = Object.entries(filters)
    // 'Verifiserte selgere' off is no filter: `false` and leaving it out show the same listings.
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && value !== false)
    .map(([name, value]) => [name, typeof value === 'string' ? value.trim().toLowerCase() : value] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}
