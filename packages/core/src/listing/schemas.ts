import { z } from 'zod';
import { industries } from './listing.sql';

export const browseSorts = ['newest', 'price_asc', 'price_desc', 'revenue_asc', 'revenue_desc', 'popular'] as const;
export type BrowseSort = (typeof browseSorts)[number];

export const savedSorts = ['saved_desc', 'newest', 'price_asc', 'price_desc'] as const;
export type SavedSort = (typeof savedSorts)[number];

export const BROWSE_PAGE_SIZE = 12;

export const listingIdSchema = z.uuid({ error: 'Fant ikke annonsen' });

export const browseInputSchema = z.object({
  q: z.string().max(200).optional().transform((q) => q?.trim() || undefined),
  industry: z.enum(industries).optional(),
  location: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(browseSorts).default('newest'),
  cursor: z.string().max(500).optional(),
  limit: z.number().int().min(1).max(48).default(BROWSE_PAGE_SIZE),
});
export type BrowseInput = z.input<typeof browseInputSchema>;
