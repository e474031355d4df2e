import { listingImages, listings, type ListingStatus } from '@bedriftstorget/core/listing/listing.sql';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import { db } from './harness';

type NewListing = typeof listings.$inferInsert;

/** A listing straight into the database (the wizard's procedures come with the seller issue). */
export async function createListing(ownerId: string, overrides: Partial<NewListing> & { status?: ListingStatus; images?: number } = {}): Promise<string> {
  const id = crypto.randomUUID();
  const { images = 1, ...fields } = overrides;
  await db.insert(listings).values({
    id,
    ownerId,
    title: 'Testbedrift til salgs',
    industry: 'services',
    location: 'Oslo',
    description: 'En solid testbedrift med faste kunder, gode rutiner og lang historie i markedet.',
    status: 'active',
    // A listing made "hours ago" was submitted then too, unless the test says otherwise.
    submittedAt: fields.createdAt ?? new Date(),
    ...fields,
  });
  // What every write path of the API does: the listing's search terms.
  await syncListingTerms(db, [id]);
  for (let index = 0; index < images; index += 1) {
    await db.insert(listingImages).values({ listingId: id, imageUrl: `/images/test/${id}_${index}.jpg`, displayOrder: index });
  }
  return id;
}

/**
 * A word no other test uses, to scope searches to this test's listings. No 'c': search spells c as k
 * (decision 148), and tests look the word up in the index as written.
 */
export function uniqueWord(): string {
  return `ord${crypto.randomUUID().replace(/-/g, '').slice(0, 10).replace(/c/g, 'x')}`;
}

/** A complete, valid wizard form (seller.create and seller.update); its own module so the bench can use it without the harness. */
export { listingFields } from './fixtures-data';
