/**
 * 'Last ned mine data' (decision 085), where a user has more than one of a thing: each listing with
 * its own images and its own edit waiting for staff, the offers on each side of the table, the roles,
 * and the sign-in methods told as true or false. A user with no listings gets empty lists, not gaps.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { db, signedInUser } from './harness';
import { insertOffer } from './offer-helpers';
import { edit, publicImages, published, revisions } from './revision-helpers';
import { harness, upload } from './seller-helpers';

const sorted = (values: string[]) => [...values].sort();

describe("'Last ned mine data' with several of a kind", () => {
  it('gives each of two listings its own images, and the pending edit only to the listing it belongs to', async () => {
    const w = await published('active');
    const added = await upload(w.browser, w.id, undefined, 'image/png', 1);
    await edit(w, `Ventende ${w.word}`, [{ uploadId: w.image.uploadId }, { uploadId: added.uploadId }]);
    const second = await createListing(w.userId, { title: `Andre ${w.word}`, images: 2 });
    const [revision] = await revisions(w.id);
    expect(revision!.images).toHaveLength(2);

    const data = await w.browser.call((c) => c.profile.exportData());
    const byId = new Map(data.listings.map((listing) => [listing.id, listing]));
    expect(sorted([...byId.keys()])).toEqual(sorted([w.id, second]));
    const first = byId.get(w.id)!;
    const other = byId.get(second)!;
    expect(sorted(first.images)).toEqual(sorted(await publicImages(w.id)));
    expect(sorted(other.images)).toEqual(sorted(await publicImages(second)));
    expect(other.images).toHaveLength(2);
    expect(first.images.every((url) => typeof url === 'string' && url.length > 0)).toBe(true);
    // The pending edit's images as the URLs the seller uploaded, in the revision's order.
    expect(first.pendingRevision?.images).toEqual(revision!.images.map((image) => image.imageUrl));
    expect(first.pendingRevision?.images.every((url) => typeof url === 'string' && url.length > 0)).toBe(true);
    expect(first.pendingRevision?.fields.title).toBe(`Ventende ${w.word}`);
    expect(other.pendingRevision).toBeNull();
  });

  it("lists a buyer's offers as made and a seller's as received, each with its thread, never the other way", async () => {
    const h = harness();
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    const offerId = await insertOffer(seller.userId, buyer.userId, { message: 'Bud fra kjøperen' });
    const bought = await buyer.browser.call((c) => c.profile.exportData());
    expect(bought.offersMade).toMatchObject([{ id: offerId, message: 'Bud fra kjøperen', events: [{ kind: 'offer', actor: 'buyer' }] }]);
    expect(bought.offersReceived).toEqual([]);
    const sold = await seller.browser.call((c) => c.profile.exportData());
    expect(sold.offersReceived).toMatchObject([{ id: offerId, message: 'Bud fra kjøperen', events: [{ kind: 'offer', actor: 'buyer' }] }]);
    expect(sold.offersMade).toEqual([]);
  });

  it("tells the roles, and a Google account's sign-in methods as they are", async () => {
    const h = harness();
    const admin = await signedInAdmin(h);
    expect((await admin.browser.call((c) => c.profile.exportData())).roles).toEqual(['admin']);
    const google = await signedInUser(h);
    await db.update(users).set({ passwordHash: null, googleId: `google-${crypto.randomUUID()}` }).where(eq(users.id, google.userId));
    const data = await google.browser.call((c) => c.profile.exportData());
    expect(data.roles).toEqual([]);
    expect(data.account).toMatchObject({ email: google.email, hasPassword: false, googleAccount: true });
  });

  it('gives a user without listings empty lists of what others sent about them', async () => {
    const user = await signedInUser(harness());
    const data = await user.browser.call((c) => c.profile.exportData());
    expect(data.listings).toEqual([]);
    expect(data.inquiriesReceived).toEqual([]);
    expect(data.accessRequestsReceived).toEqual([]);
    expect(data.account).toMatchObject({ hasPassword: true, googleAccount: false });
  });
});
