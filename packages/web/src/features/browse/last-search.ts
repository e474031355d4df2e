export const LAST_SEARCH = 'bt:last-search';

/**
 * Where 'Tilbake til søket' leads: the last list the user saw, with its filters. Apart
 * from use-browse-results.ts, which writes it, so the detail page does not carry the browse page's code.
 */
export function lastSearchUrl(): string {
  try {
    return sessionStorage.getItem(LAST_SEARCH) ?? '/alle-annonser';
  } catch {
    return '/alle-annonser';
  }
}
