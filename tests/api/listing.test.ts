import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, listingStatuses } from '@bedriftstorget/core/listing/listing.sql';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { request } from '@bedriftstorget/core/texts/http';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { clearCountCache } from '@bedriftstorget/api/listing/count-cache';
import { Browser, createHarness, db, signedInUser, visitorCaller } from './harness';
import { createListing, uniqueWord } from './fixtures';

async function seller(h = createHarness()) {
  return { h, ...(await signedInUser(h)) };
}

describe('browse', () => {
  it('returns only active and sold listings', async () => {
    const { h, userId } = await seller();
    const word = uniqueWord();
    for (const status of listingStatuses) await createListing(userId, { status, title: `${status} ${word}` });
    const page = await visitorCaller(h).listing.browse({ q: word });
    expect(page.items.map((i) => i.title).sort()).toEqual([`active ${word}`, `sold ${word}`]);
    expect(page.total).toBe(2);
  });

  it('finds Norwegian words, short words and industries by their label', async () => {
    const { h, userId } = await seller();
    const word = uniqueWord();
    await createListing(userId, { title: `Kafé i Tromsø ${word}`, industry: 'restaurant', location: 'Tromsø' });
    await createListing(userId, { title: `Konsulenthus ${word}`, industry: 'tech' });
    await createListing(userId, { title: `Frisør AS ${word}`, industry: 'services', description: `Salong med 4 stoler og faste kunder i sentrum, ${word}.` });
    const titles = async (q: string) => (await visitorCaller(h).listing.browse({ q: `${word} ${q}` })).items.map((i) => i.title);
    expect(await titles('kafé')).toEqual([`Kafé i Tromsø ${word}`]);
    expect(await titles('tromsø')).toEqual([`Kafé i Tromsø ${word}`]);
    expect(await titles('IT')).toEqual([`Konsulenthus ${word}`]);
    expect(await titles('teknologi')).toEqual([`Konsulenthus ${word}`]);
    expect(await titles('AS')).toEqual([`Frisør AS ${word}`]);
    expect(await titles('mat')).toEqual([`Kafé i Tromsø ${word}`]);
    expect(await titles('kafé konsulenthus')).toEqual([]);
    expect((await visitorCaller(h).listing.browse({ q: `   ${word}   ` })).total).toBe(3);
  });

  it('filters by industry and location', async () => {
    const { h, userId } = await seller();
    const word = uniqueWord();
    await createListing(userId, { title: `A ${word}`, industry: 'craft', location: 'Bergen' });
    await createListing(userId, { title: `B ${word}`, industry: 'craft', location: 'Oslo' });
    await createListing(userId, { title: `C ${word}`, industry: 'fitness', location: 'Bergen' });
    const caller = visitorCaller(h);
    expect((await caller.listing.browse({ q: word, industry: 'craft' })).items.map((i) => i.title).sort()).toEqual([`A ${word}`, `B ${word}`]);
    expect((await caller.listing.browse({ q: word, location: 'Bergen', industry: 'craft' })).items.map((i) => i.title)).toEqual([`A ${word}`]);
  });

  it('pages with a keyset cursor in every sort, NULL prices last in both directions', async () => {
    const { h, userId } = await seller();
    const word = uniqueWord();
    const prices = [500_000, null, 2_000_000, 750_000, null, 2_000_000, 1_250_000];
    for (const [i, price] of prices.entries()) {
      await createListing(userId, { title: `P${i} ${word}`, price, views: i * 10, createdAt: new Date(Date.now() - i * 60_000) });
    }
    const walk = async (sort: 'price_asc' | 'price_desc' | 'newest' | 'popular') => {
      const seen: (number | null)[] = [];
      const titles: string[] = [];
      let cursor: string | undefined;
      for (let pageNo = 0; pageNo < 10; pageNo += 1) {
        const page = await visitorCaller(h).listing.browse({ q: word, sort, limit: 3, cursor });
        expect(page.total).toBe(7);
        seen.push(...page.items.map((i) => i.price));
        titles.push(...page.items.map((i) => i.title));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(new Set(titles).size).toBe(7);
      return { seen, titles };
    };
    expect((await walk('price_asc')).seen).toEqual([500_000, 750_000, 1_250_000, 2_000_000, 2_000_000, null, null]);
    expect((await walk('price_desc')).seen).toEqual([2_000_000, 2_000_000, 1_250_000, 750_000, 500_000, null, null]);
    expect((await walk('newest')).titles.map((t) => t.split(' ')[0])).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6']);
    expect((await walk('popular')).titles.map((t) => t.split(' ')[0])).toEqual(['P6', 'P5', 'P4', 'P3', 'P2', 'P1', 'P0']);
  });

  it('refuses a forged cursor', async () => {
    await expect(visitorCaller(createHarness()).listing.browse({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: request.invalidCursor });
  });
});

describe('detail', () => {
  it('shows a public listing with images, without the seller’s contact details', async () => {
    const { h, userId } = await seller();
    const id = await createListing(userId, { images: 3 });
    const { listing } = await visitorCaller(h).listing.detail({ id });
    expect(listing.images).toHaveLength(3);
    expect(JSON.stringify(listing)).not.toMatch(/@example\.no/);
    expect(listing).not.toHaveProperty('ownerId');
  });

  it('hides a non-public listing from everyone but its owner and admins', async () => {
    const { h, userId, browser: owner } = await seller();
    const id = await createListing(userId, { status: 'pending' });
    await expect(visitorCaller(h).listing.detail({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const other = await signedInUser(h);
    await expect(other.browser.call((c) => c.listing.detail({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.browser.call((c) => c.listing.sellerContact({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.browser.call((c) => c.listing.viewer({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The public page says not found to the owner too; the owner's own part carries the page.
    await expect(owner.call((c) => c.listing.detail({ id }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const own = await owner.call((c) => c.listing.viewer({ id }));
    expect([own.isOwner, own.page?.listing.id]).toEqual([true, id]);
    const admin = await signedInUser(h);
    await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const staff = await admin.browser.call((c) => c.listing.viewer({ id }));
    expect([staff.isOwner, staff.page?.listing.id]).toEqual([false, id]);
  });

  it('tells a signed-in caller whether a public listing is theirs, without the page the public query already gives', async () => {
    const { h, userId, browser: owner } = await seller();
    const id = await createListing(userId);
    expect(await owner.call((c) => c.listing.viewer({ id }))).toMatchObject({ isOwner: true, page: null });
    const other = await signedInUser(h);
    expect(await other.browser.call((c) => c.listing.viewer({ id }))).toMatchObject({ isOwner: false, page: null, disclosure: null });
  });

  it('suggests three other active listings of the same industry', async () => {
    const { h, userId } = await seller();
    const industry = 'ecommerce';
    const id = await createListing(userId, { industry });
    const hidden = await createListing(userId, { industry, status: 'archived' });
    const sold = await createListing(userId, { industry, status: 'sold' });
    for (let i = 0; i < 4; i += 1) await createListing(userId, { industry });
    const { similar } = await visitorCaller(h).listing.detail({ id });
    expect(similar).toHaveLength(3);
    expect(similar.map((s) => s.id)).not.toContain(id);
    expect(similar.map((s) => s.id)).not.toContain(hidden);
    expect(similar.map((s) => s.id)).not.toContain(sold);
    expect(similar.every((s) => s.industry === industry && s.status === 'active')).toBe(true);
  });

  it('gives seller contact details to signed-in users', async () => {
    const { h, userId, email } = await seller();
    const id = await createListing(userId);
    const buyer = await signedInUser(h);
    expect(await buyer.browser.call((c) => c.listing.sellerContact({ id }))).toMatchObject({ email });
  });

  it('says not found for an unknown or malformed id', async () => {
    const caller = visitorCaller(createHarness());
    await expect(caller.listing.detail({ id: crypto.randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND', message: detail.notFound });
    await expect(caller.listing.detail({ id: 'mock-listing-id' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: detail.notFound });
  });
});

describe('view counting', () => {
  it('counts a visitor once a day, not the owner, and not a hidden listing', async () => {
    const { h, userId, browser: owner } = await seller();
    const id = await createListing(userId);
    const visitor = new Browser(h);
    expect(await visitor.call((c) => c.listing.recordView({ id }))).toEqual({ counted: true });
    expect(await visitor.call((c) => c.listing.recordView({ id }))).toEqual({ counted: false });
    expect(await owner.call((c) => c.listing.recordView({ id }))).toEqual({ counted: false });
    const buyer = await signedInUser(h);
    await Promise.all([1, 2, 3].map(() => buyer.browser.call((c) => c.listing.recordView({ id }))));
    const [row] = await db.select({ views: listings.views }).from(listings).where(eq(listings.id, id));
    expect(row?.views).toBe(2);
    const pending = await createListing(userId, { status: 'pending' });
    expect(await new Browser(h).call((c) => c.listing.recordView({ id: pending }))).toEqual({ counted: false });
  });
});

describe('landing', () => {
  it('shows the six newest active listings and counts those of the last 24 hours', async () => {
    const { h, userId } = await seller();
    const before = await visitorCaller(h).listing.landing();
    // The file's newest listing (each test file starts from an empty database); a newer pending one is not shown.
    const fresh = await createListing(userId);
    await createListing(userId, { status: 'pending' });
    // The listings show at once; the counters (a scan of every active row) are cached a short while.
    const cached = await visitorCaller(h).listing.landing();
    expect(cached.items[0]?.id).toBe(fresh);
    expect(cached.counts.forSale).toBe(before.counts.forSale);
    clearCountCache();
    const after = await visitorCaller(h).listing.landing();
    expect(after.items).toHaveLength(Math.min(6, before.counts.forSale + 1));
    expect(after.items[0]?.id).toBe(fresh);
    expect(after.counts.newLast24h).toBe(before.counts.newLast24h + 1);
    expect(after.counts.forSale).toBe(before.counts.forSale + 1);
  });
});
