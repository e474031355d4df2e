/**
 * 'Last ned mine data' (decision 085): the export holds everything kept about the user — profile,
 * listings with image URLs, favourites, saved searches, messages sent and received, inquiries
 * sent and received, reports, valuation requests — and no secret, and nothing of other users'
 * own records.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { createListing } from './fixtures';
import { edit, published } from './revision-helpers';
import { createHarness, db, signedInUser } from './harness';

describe('profile.exportData', () => {
  it("holds the user's data from every table, and no password hash or token", async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    const buyer = await signedInUser(h);
    const stranger = await signedInUser(h);
    await seller.browser.call((c) => c.profile.update({ fullName: 'Selma Selger', companyName: 'Selger AS', phone: '912 34 567' }));
    const own = await createListing(seller.userId, { title: 'Selmas bakeri', images: 2 });
    const theirs = await createListing(stranger.userId, { title: 'Fremmed verksted' });
    await db.update(listings).set({ renewTokenHash: 'f'.repeat(64) }).where(eq(listings.id, own));

    await seller.browser.call((c) => c.favorite.add({ listingId: theirs }));
    await seller.browser.call((c) => c.savedSearch.create({ name: 'Bakerier i Oslo', alerts: 'never', filters: { q: 'bakeri' } }));
    await seller.browser.call((c) => c.message.contactSeller({ listingId: theirs, text: 'Hei fra Selma', clientMessageId: crypto.randomUUID() }));
    await buyer.browser.call((c) => c.message.contactSeller({ listingId: own, text: 'Hei Selma, fra kjøperen', clientMessageId: crypto.randomUUID() }));
    await buyer.browser.call((c) => c.message.sendInquiry({ listingId: own, message: 'Kan jeg se regnskapet?', name: 'Kari Kjøper' }));
    await seller.browser.call((c) => c.message.sendInquiry({ listingId: theirs, message: 'Selmas forespørsel', name: 'Selma Selger' }));
    await seller.browser.call((c) => c.report.create({ listingId: theirs, reason: 'wrong_info', comment: 'Selmas rapport' }));
    await seller.browser.call((c) => c.valuation.estimate({ industry: 'services', revenue: 2_000_000, profit: 400_000, email: seller.email }));

    const data = await seller.browser.call((c) => c.profile.exportData());
    expect(data.account).toMatchObject({ email: seller.email, emailVerified: true, hasPassword: true, googleAccount: false });
    expect(data.profile).toMatchObject({ fullName: 'Selma Selger', companyName: 'Selger AS', phone: '+4791234567' });
    expect(data.listings.map((listing) => [listing.title, listing.images.length])).toEqual([['Selmas bakeri', 2]]);
    expect(data.favorites.map((favorite) => favorite.title)).toEqual(['Fremmed verksted']);
    expect(data.savedSearches.map((search) => search.name)).toEqual(['Bakerier i Oslo']);
    expect(data.messagesSent.map((message) => message.text)).toEqual(['Hei fra Selma']);
    expect(data.messagesReceived.map((message) => message.text)).toEqual(['Hei Selma, fra kjøperen']);
    expect(data.inquiriesSent.map((inquiry) => inquiry.message)).toEqual(['Selmas forespørsel']);
    expect(data.inquiriesReceived.map((inquiry) => inquiry.message)).toEqual(['Kan jeg se regnskapet?']);
    expect(data.reports.map((report) => report.comment)).toEqual(['Selmas rapport']);
    expect(data.valuationRequests).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);

    const text = JSON.stringify(data);
    const [account] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, seller.userId));
    for (const secret of [account!.hash!, 'f'.repeat(64), seller.browser.sessionId!]) expect(text).not.toContain(secret);
    expect(text).not.toContain(stranger.email);
  });

  it("holds the user's viewing history and the text of a listing's edit still waiting for staff", async () => {
    const w = await published('active');
    const other = await signedInUser(w.h);
    const seen = await createListing(other.userId, { title: `Sett av selgeren ${w.word}` });
    expect(await w.browser.call((c) => c.listing.recordView({ id: seen }))).toEqual({ counted: true });
    // Another user's view is theirs, not this user's.
    await other.browser.call((c) => c.listing.recordView({ id: w.id }));
    await edit(w, `Ventende tekst ${w.word}`);

    const data = await w.browser.call((c) => c.profile.exportData());
    expect(data.viewingHistory).toEqual([{ listingId: seen, title: `Sett av selgeren ${w.word}`, day: new Date().toISOString().slice(0, 10) }]);
    const [own] = data.listings;
    expect(own?.title).toBe(`Godkjent ${w.word}`);
    expect(own?.pendingRevision?.fields.title).toBe(`Ventende tekst ${w.word}`);
    expect(own?.pendingRevision?.fields.description).toContain(`Ventende tekst ${w.word}`);
    expect(own?.pendingRevision?.images).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    const h = createHarness();
    const { browser } = await signedInUser(h);
    await browser.call((c) => c.auth.signOut());
    await expect(browser.call((c) => c.profile.exportData())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
