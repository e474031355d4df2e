import { browseParamsOf, browseQuery } from '@bedriftstorget/core/listing/browse-url';
import { CARD_SIZES } from '@bedriftstorget/core/listing/image-variants';
import { browseInputSchema } from '@bedriftstorget/core/listing/schemas';
import type { Database } from '../db/client';
import { browse } from '../listing/browse';
import { firstDataTag } from './first-data';
import { imagePreload } from './head';

/** The browse page, answered with its first page of results in it for visitors (decision 053). */
export const BROWSE_PATH = '/alle-annonser';

export function isBrowsePath(pathname: string): boolean {
  return pathname === BROWSE_PATH || pathname === `${BROWSE_PATH}/`;
}

/**
 * What the SPA's first `listing.browse` call for this URL would answer, as tags for the head, and
 * the first card's image asked for with the HTML (the page's LCP element). None for a page opened
 * at a cursor ('side'), input the API would refuse, or when the database does not answer: the page
 * then loads as it always did.
 */
export async function browseFirstTags(db: Database, url: URL, countWaitMs: number): Promise<string[]> {
  const { cursor, ...query } = browseQuery(browseParamsOf(url.searchParams));
  if (cursor) return [];
  const input = browseInputSchema.safeParse(query);
  if (!input.success) return [];
  try {
    const page = await browse(db, input.data, countWaitMs);
    const first = page.items[0]?.imageUrl;
    // The input as the SPA keys its query: the same object, without the cursor, undefined left out by JSON.
    return [...(first ? [imagePreload(first, CARD_SIZES)] : []), firstDataTag([{ path: 'listing.browse', input: query, data: page }])];
  } catch (error) {
    console.error('browse first data failed; the page loads without it', error);
    return [];
  }
}
