import { eq } from 'drizzle-orm';
import { syncListingTerms } from '@bedriftstorget/api/listing/search';
import type { ListingSubmit } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, listings, type ListingStatus } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { signedInAdmin } from './admin-helpers';
import { uniqueWord } from './fixtures';
import { Browser, db } from './harness';
import { fields, seller, upload } from './seller-helpers';

/** Shared by the revision tests (decision 086/087): a seller's listing with one image, set to `status` as if staff had approved it. */
export async function published(status: ListingStatus, underOffer = false) {
  const s = await seller();
  const id = crypto.randomUUID();
  const image = await upload(s.browser, id);
  const word = uniqueWord();
  await s.browser.call((c) => c.seller.create({ id, fields: { ...fields, title: `Godkjent ${word}` }, images: [{ uploadId: image.uploadId }] }));
  await db.update(listings).set({ status, underOfferAt: underOffer ? new Date() : null }).where(eq(listings.id, id));
  await syncListingTerms(db, [id]);
  const admin = await signedInAdmin(s.h);
  return { ...s, id, image, word, admin, visitor: new Browser(s.h) };
}

export type World = Awaited<ReturnType<typeof published>>;

/** The seller saves the wizard's form with a new title (and a description naming it). */
export const edit = (w: World, title: string, images: ListingSubmit['images'] = [{ uploadId: w.image.uploadId }]) =>
  w.browser.call((c) => c.seller.update({ id: w.id, fields: { ...fields, title, description: `${fields.description} ${title}` }, images }));
export const row = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0]!;
export const revisions = (id: string) => db.select().from(listingRevisions).where(eq(listingRevisions.listingId, id));
export const publicImages = async (id: string) =>
  (await db.select({ url: listingImages.imageUrl }).from(listingImages).where(eq(listingImages.listingId, id)).orderBy(listingImages.displayOrder)).map((i) => i.url);
