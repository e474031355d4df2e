import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { userChannel } from '@bedriftstorget/api/realtime/channels';
import { createHarness, db, signedInUser } from './harness';
import { createListing } from './fixtures';

describe('favourites', () => {
  it('saves a public listing once, counts and lists it, and removes it', async () => {
    const h = createHarness();
    const { userId: sellerId } = await signedInUser(h);
    const { browser } = await signedInUser(h);
    const id = await createListing(sellerId, { price: 3_000_000 });
    await browser.call((c) => c.favorite.add({ listingId: id }));
    await browser.call((c) => c.favorite.add({ listingId: id }));
    expect(await browser.call((c) => c.favorite.count())).toBe(1);
    expect(await browser.call((c) => c.favorite.ids())).toEqual([id]);
    expect(await browser.call((c) => c.favorite.list({}))).toMatchObject([{ listingId: id, state: 'active', price: 3_000_000 }]);
    await browser.call((c) => c.favorite.remove({ listingId: id }));
    expect(await browser.call((c) => c.favorite.count())).toBe(0);
  });

  it('tells only the user’s own channel that the favourites changed, and the owner’s only that the statistics did', async () => {
    const h = createHarness();
    const { userId: sellerId } = await signedInUser(h);
    const { browser, userId } = await signedInUser(h);
    const id = await createListing(sellerId);
    const mine: string[] = [];
    const theirs: string[] = [];
    h.realtime.subscribe(userChannel(userId), (event) => mine.push(event.type));
    h.realtime.subscribe(userChannel(sellerId), (event) => theirs.push(event.type));
    await browser.call((c) => c.favorite.add({ listingId: id }));
    await browser.call((c) => c.favorite.remove({ listingId: id }));
    expect(mine).toEqual(['favorites.changed', 'favorites.changed']);
    expect(theirs).toEqual(['stats.changed', 'stats.changed']);
  });

  it('tells no one when nothing changed: saving a saved listing, removing one not saved', async () => {
    const h = createHarness();
    const { userId: sellerId } = await signedInUser(h);
    const { browser, userId } = await signedInUser(h);
    const id = await createListing(sellerId);
    const events: string[] = [];
    h.realtime.subscribe(userChannel(userId), (event) => events.push(`mine:${event.type}`));
    h.realtime.subscribe(userChannel(sellerId), (event) => events.push(`owner:${event.type}`));
    await browser.call((c) => c.favorite.remove({ listingId: id }));
    await browser.call((c) => c.favorite.add({ listingId: id }));
    await browser.call((c) => c.favorite.add({ listingId: id }));
    await browser.call((c) => c.favorite.add({ listingId: id }));
    await browser.call((c) => c.favorite.remove({ listingId: id }));
    await browser.call((c) => c.favorite.remove({ listingId: id }));
    expect(events).toEqual(['mine:favorites.changed', 'owner:stats.changed', 'mine:favorites.changed', 'owner:stats.changed']);
  });

  it('refuses to save a listing that is not public', async () => {
    const h = createHarness();
    const { userId: sellerId } = await signedInUser(h);
    const { browser } = await signedInUser(h);
    const id = await createListing(sellerId, { status: 'pending' });
    await expect(browser.call((c) => c.favorite.add({ listingId: id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await browser.call((c) => c.favorite.count())).toBe(0);
  });

  it('shows a saved listing that was unpublished by its title only, and a sold one as sold', async () => {
    const h = createHarness();
    const { userId: sellerId } = await signedInUser(h);
    const { browser } = await signedInUser(h);
    const hidden = await createListing(sellerId, { title: 'Snart borte', price: 1_000_000 });
    const sold = await createListing(sellerId, { title: 'Snart solgt' });
    await browser.call((c) => c.favorite.add({ listingId: hidden }));
    await browser.call((c) => c.favorite.add({ listingId: sold }));
    await db.update(listings).set({ status: 'archived' }).where(eq(listings.id, hidden));
    await db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold));
    const saved = await browser.call((c) => c.favorite.list({ sort: 'saved_desc' }));
    expect(saved.map((s) => [s.title, s.state])).toEqual([['Snart solgt', 'sold'], ['Snart borte', 'unpublished']]);
    expect(saved[1]).toMatchObject({ price: null, location: null, imageUrl: null, createdAt: null });
  });

  it('sorts by price with unpriced ones last', async () => {
    const h = createHarness();
    const { userId: sellerId } = await signedInUser(h);
    const { browser } = await signedInUser(h);
    for (const price of [2_000_000, null, 500_000]) {
      const id = await createListing(sellerId, { price });
      await browser.call((c) => c.favorite.add({ listingId: id }));
    }
    expect((await browser.call((c) => c.favorite.list({ sort: 'price_asc' }))).map((s) => s.price)).toEqual([500_000, 2_000_000, null]);
    expect((await browser.call((c) => c.favorite.list({ sort: 'price_desc' }))).map((s) => s.price)).toEqual([2_000_000, 500_000, null]);
  });
});
