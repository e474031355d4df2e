import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { markVerified } from '@bedriftstorget/api/identity/vipps-mark';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { createListing, listingFields } from './fixtures';
import { db, signedInUser, visitorCaller } from './harness';
import { fields, harness, upload } from './seller-helpers';

/**
 * 'Bare verifiserte kjøpere kan be om tilgang' (decision 130): the seller's box on a confidential sale,
 * from the wizard and from an edit (at once, not after review); the server refuses a buyer who is not
 * verified with Vipps, with its reason and a Norwegian message, and stores nothing.
 */
// The harness after the local S3 has its port (seller-helpers starts it in a beforeAll).
let h: ReturnType<typeof harness>;
let seller: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let verified: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  h = harness();
  [seller, buyer, verified] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h)]);
  await markVerified(db, verified.userId, { sub: `sub-${verified.userId}`, name: 'Vilde Verifisert', phone: null });
});

const ask = (who: typeof buyer, listingId: string) => who.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }));
const stored = async (id: string) => (await db.select({ v: listings.verifiedBuyersOnly }).from(listings).where(eq(listings.id, id)))[0]!.v;
const requestsOn = (listingId: string) => db.select().from(accessRequests).where(eq(accessRequests.listingId, listingId));

describe('the server refuses a buyer not verified', () => {
  it('with VIPPS_REQUIRED and the Norwegian message; nothing stored, no mail; a verified buyer gets in', async () => {
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true, verifiedBuyersOnly: true });
    const mailsBefore = h.mailer.to(seller.email).length;
    await expect(ask(buyer, listingId)).rejects.toMatchObject({ code: 'FORBIDDEN', message: vippsTexts.requestRefused, cause: { reason: 'VIPPS_REQUIRED' } });
    expect(await requestsOn(listingId)).toEqual([]);
    expect(h.mailer.to(seller.email).length).toBe(mailsBefore);
    expect(await ask(verified, listingId)).toEqual({ status: 'pending' });
    expect((await requestsOn(listingId)).map((row) => row.buyerId)).toEqual([verified.userId]);
  });

  it('the same buyer is let ask once verified; a listing without the requirement never asks', async () => {
    const required = await createListing(seller.userId, { status: 'active', confidential: true, verifiedBuyersOnly: true });
    const open = await createListing(seller.userId, { status: 'active', confidential: true });
    const late = await signedInUser(h);
    await expect(ask(late, required)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await ask(late, open)).toEqual({ status: 'pending' });
    await markVerified(db, late.userId, { sub: `sub-${late.userId}`, name: 'Sen Kjøper', phone: null });
    expect(await ask(late, required)).toEqual({ status: 'pending' });
  });

  it('the listing page tells everyone the requirement (the public answer carries the flag)', async () => {
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true, verifiedBuyersOnly: true });
    expect((await visitorCaller(h).listing.detail({ id: listingId })).listing).toMatchObject({ confidential: true, verifiedBuyersOnly: true });
  });
});

describe('the seller sets it', () => {
  it('in the wizard on a confidential sale; on a listing that names its company it is stored off', async () => {
    // A seller of their own: the quota counts the other tests' listings.
    const seller = await signedInUser(h);
    const confidentialId = crypto.randomUUID();
    const image = await upload(seller.browser, confidentialId);
    await seller.browser.call((c) => c.seller.create({ id: confidentialId, fields: { ...fields, confidential: true, verifiedBuyersOnly: true }, images: [{ uploadId: image.uploadId }] }));
    expect(await stored(confidentialId)).toBe(true);
    expect(await seller.browser.call((c) => c.seller.forEdit({ id: confidentialId }))).toMatchObject({ confidential: true, verifiedBuyersOnly: true });

    const openId = crypto.randomUUID();
    const other = await upload(seller.browser, openId);
    await seller.browser.call((c) => c.seller.create({ id: openId, fields: { ...fields, confidential: false, verifiedBuyersOnly: true }, images: [{ uploadId: other.uploadId }] }));
    expect(await stored(openId)).toBe(false);
  });

  it('by editing a published listing: saved at once (not after review), either way, and the edit still waits for review', async () => {
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true, title: 'Publisert konfidensiell' });
    const form = await seller.browser.call((c) => c.seller.forEdit({ id: listingId }));
    const images = form.images.map((image) => ({ imageId: image.id }));
    const edit = (verifiedBuyersOnly: boolean) => seller.browser.call((c) => c.seller.update({ id: listingId, fields: { ...listingFields, title: form.title, confidential: true, verifiedBuyersOnly }, images }));
    expect((await edit(true)).revision).toBe(true);
    expect(await stored(listingId)).toBe(true);
    await expect(ask(buyer, listingId)).rejects.toMatchObject({ code: 'FORBIDDEN', message: vippsTexts.requestRefused });
    expect(await seller.browser.call((c) => c.seller.forEdit({ id: listingId }))).toMatchObject({ verifiedBuyersOnly: true, pendingRevision: true });

    await edit(false);
    expect(await stored(listingId)).toBe(false);
    expect(await ask(buyer, listingId)).toEqual({ status: 'pending' });
  });
});
