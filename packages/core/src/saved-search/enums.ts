/** How often a saved search mails its new listings; browser-safe (decision 020). */
export const alertFrequencies = ['instant', 'daily', 'never'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** The most saved searches one user keeps: enough for real use, bounded for the matcher. */
export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_NAME_MAX = 80;
