/**
 * 'Viser X av Y': the server's count is shared and cached for a few seconds (decision 024), so a
 * listing approved meanwhile can make the pages longer than it. A list read from its start is never
 * shown as longer than its total: once the last page is here, what was read is the count.
 */
export function shownTotal(counted: number, shown: number, hasMore: boolean, fromStart: boolean): number;
/** Not counted yet (the page came before its count, decision 056): known only when the list read from its start has ended. */
export function shownTotal(counted: number | undefined, shown: number, hasMore: boolean, fromStart: boolean): number | undefined;
export function shownTotal(counted: number | undefined, shown: number, hasMore: boolean, fromStart: boolean): number | undefined {
  if (fromStart && !hasMore) return shown;
  if (counted === undefined || !fromStart) return counted;
  return Math.max(counted, shown + 1);
}
