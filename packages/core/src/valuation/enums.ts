/** The follow-up status of a valuation request, set by staff (browser-safe: no table definitions). */
export const valuationStatuses = ['new', 'contacted', 'closed'] as const;
export type ValuationStatus = (typeof valuationStatuses)[number];
