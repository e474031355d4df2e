import { browse as texts } from '@bedriftstorget/core/texts/marketplace';

/**
 * 'Viser X av Y': the server's count is shared and cached for a few seconds (decision 024), so a
 * listing approved meanwhile can make the pages longer than it. A list read from its start is never
 * shown as longer than its total: once the last page is here, what was read is the count.
 */
export function shownTotal(counted: number | undefined, shown: number, hasMore: boolean, fromStart: boolean): number | undefined {
  // Once the last page of a list read from its start is here, what was read is the count, counted or not.
  if (fromStart && !hasMore) return shown;
  // undefined: the page came before its count (decision 056) and the count has not come yet.
  if (counted === undefined || !fromStart) return counted;
  return Math.max(counted, shown + 1);
}

/** The line above the results: 'Viser 12 av 46 003 annonser', or what is known while the count comes or if it failed. */
export function resultCountText(shown: number, total: number | undefined, countFailed: boolean): string {
  if (total !== undefined) return texts.showing(shown, total);
  return countFailed ? texts.showingUncounted(shown) : texts.showingCounting(shown);
}
