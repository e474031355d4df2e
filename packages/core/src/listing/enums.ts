/**
 * The listing's fixed value lists, free of the database schema so the browser can import them
 * without drizzle-orm (decision 020). listing.sql.ts builds its enum columns from these.
 */
export const industries = ['restaurant', 'retail', 'tech', 'services', 'craft', 'fitness', 'ecommerce', 'other'] as const;
export const listingStatuses = ['pending', 'active', 'rejected', 'sold', 'archived', 'inactive', 'unlisted', 'expired'] as const;
/** Only these are ever shown to the public (docs/architecture.md, 'Security'). */
export const publicStatuses = ['active', 'sold'] as const;
/**
 * Statuses whose text staff have approved (decision 086): a seller's edit of these is a revision that
 * waits for review while the approved version stays as it is. Pending and rejected ones are edited in place.
 */
export const revisedStatuses: readonly ListingStatus[] = ['active', 'sold', 'expired', 'archived', 'inactive', 'unlisted'];
export const isRevised = (status: string): boolean => (revisedStatuses as readonly string[]).includes(status);
export const companyForms = ['as', 'asa', 'ans', 'enk', 'other'] as const;
export const ownerDependencies = ['low', 'medium', 'high'] as const;
export const includedInSaleOptions = [
  'Inventar', 'Leieavtale', 'Kundeportefølje', 'Varelager', 'Merkevare', 'Leverandøravtaler', 'Opplæring', 'Annet',
] as const;

/** An active listing is public this long after approval or its latest renewal (decision 045). */
export const LISTING_LIFETIME_DAYS = 90;
/** The owner is mailed this many days before the listing expires. */
export const EXPIRY_WARNING_DAYS = 7;

/** Browse sorts; here (not in schemas.ts) so the browse page needs no zod. */
export const browseSorts = ['newest', 'price_asc', 'price_desc', 'revenue_asc', 'revenue_desc', 'popular'] as const;

export type BrowseSort = (typeof browseSorts)[number];
export type Industry = (typeof industries)[number];
export type ListingStatus = (typeof listingStatuses)[number];
