import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller, type Harness } from './harness';

/**
 * What the listing page (listing/detail.ts) says beside who may read it (listing.test.ts): the
 * seller's name, 'Under bud', the images in order, whether the reader owns it, and the contact card.
 */
async function sellerNamed(h: Harness, names: { fullName: string | null; companyName: string | null; phone?: string | null }) {
  const seller = await signedInUser(h);
  await db.update(profiles).set({ phone: null, ...names }).where(eq(profiles.id, seller.userId));
  return seller;
}

describe('the listing page', () => {
  it('names the company, else the person, else nobody; the contact card names the person first', async () => {
    const h = createHarness();
    const buyer = await signedInUser(h);
    const cases = [
      { names: { fullName: 'Kari Nordmann', companyName: 'Kafé AS', phone: '+47 400 00 000' }, page: 'Kafé AS', card: 'Kari Nordmann', phone: '+47 400 00 000' },
      { names: { fullName: 'Ola Nordmann', companyName: null }, page: 'Ola Nordmann', card: 'Ola Nordmann', phone: null },
      { names: { fullName: null, companyName: 'Bakeri AS' }, page: 'Bakeri AS', card: 'Bakeri AS', phone: null },
      { names: { fullName: null, companyName: null }, page: null, card: null, phone: null },
    ];
    for (const { names, page, card, phone } of cases) {
      const { userId, email } = await sellerNamed(h, names);
      const id = await createListing(userId);
      expect((await visitorCaller(h).listing.detail({ id })).listing.sellerName).toBe(page);
      expect(await buyer.browser.call((c) => c.listing.sellerContact({ id }))).toEqual({ name: card, email, phone });
    }
  });

  it('says "Under bud" only for an active listing marked so', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const marked = new Date('2026-01-02T03:04:05Z');
    const cases = [
      { status: 'active', underOfferAt: marked, expected: true },
      { status: 'active', underOfferAt: null, expected: false },
      { status: 'sold', underOfferAt: marked, expected: false },
      { status: 'sold', underOfferAt: null, expected: false },
    ] as const;
    for (const { status, underOfferAt, expected } of cases) {
      const id = await createListing(userId, { status, underOfferAt });
      expect((await visitorCaller(h).listing.detail({ id })).listing.underOffer, `${status} ${String(underOfferAt)}`).toBe(expected);
    }
  });

  it('gives the publishing date as ISO text, or null before publishing', async () => {
    const h = createHarness();
    const { userId } = await signedInUser(h);
    const published = await createListing(userId, { publishedAt: new Date('2026-03-04T05:06:07Z') });
    const never = await createListing(userId, { publishedAt: null });
    expect((await visitorCaller(h).listing.detail({ id: published })).listing.publishedAt).toBe('2026-03-04T05:06:07.000Z');
    expect((await visitorCaller(h).listing.detail({ id: never })).listing.publishedAt).toBeNull();
  });

  it('lists the image addresses in their order, and tells only the owner it is theirs', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { images: 3 });
    const { listing } = await visitorCaller(h).listing.detail({ id });
    expect(listing.images).toEqual([0, 1, 2].map((i) => `/images/test/${id}_${i}.jpg`));
    // The public page is the same for everyone (decision 080); the caller's part is listing.viewer.
    expect(listing).not.toHaveProperty('isOwner');
    const other = await signedInUser(h);
    expect((await other.browser.call((c) => c.listing.viewer({ id }))).isOwner).toBe(false);
    expect((await owner.browser.call((c) => c.listing.viewer({ id }))).isOwner).toBe(true);
  });

  it('has no contact card for a listing that does not exist', async () => {
    const h = createHarness();
    const buyer = await signedInUser(h);
    await expect(buyer.browser.call((c) => c.listing.sellerContact({ id: crypto.randomUUID() }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
