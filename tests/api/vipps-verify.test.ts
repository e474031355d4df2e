import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { Browser, signedInUser, db, uniqueEmail } from './harness';
import { createListing } from './fixtures';
import { newPerson, vippsHarness, vippsRoundTrip } from './vipps-support';

describe('Verifiser deg med Vipps', () => {
  it('stores the verified name and phone and when, marks the listings, and a name change drops the mark until verified again', async () => {
    const h = vippsHarness();
    const user = await signedInUser(h, uniqueEmail('verifiser'));
    const listing = await createListing(user.userId, { status: 'active' });
    expect(await user.browser.call((c) => c.vipps.status())).toEqual({ verified: false, verifiedAt: null, name: null, phone: null });
    const person = newPerson({ phone: '4791112233' });
    const before = Date.now();
    expect(await (await vippsRoundTrip(user.browser, person, { intent: 'verify' })).result).toEqual({ outcome: 'verified' });
    const status = await user.browser.call((c) => c.vipps.status());
    expect(status).toMatchObject({ verified: true, name: `${person.givenName} ${person.familyName}`, phone: '+4791112233' });
    expect(Date.parse(status.verifiedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await user.browser.call((c) => c.profile.get())).fullName).toBe(`${person.givenName} ${person.familyName}`);
    const sellerVerified = async () => (await db.select({ v: listings.sellerVerified }).from(listings).where(eq(listings.id, listing)))[0]!.v;
    expect(await sellerVerified()).toBe(true);

    // Saving the profile with the same name keeps the mark; another name drops it.
    await user.browser.call((c) => c.profile.update({ fullName: `${person.givenName} ${person.familyName}`, companyName: 'Firma AS', phone: null }));
    expect((await user.browser.call((c) => c.vipps.status())).verified).toBe(true);
    await user.browser.call((c) => c.profile.update({ fullName: 'Et annet navn', companyName: null, phone: null }));
    expect(await user.browser.call((c) => c.vipps.status())).toMatchObject({ verified: false, verifiedAt: null });
    expect(await sellerVerified()).toBe(false);

    await (await vippsRoundTrip(user.browser, person, { intent: 'verify' })).result;
    expect((await user.browser.call((c) => c.vipps.status())).verified).toBe(true);
    expect(await sellerVerified()).toBe(true);
  });

  it('needs a signed-in account, and the callback must come back to the account that started it', async () => {
    const h = vippsHarness();
    await expect(new Browser(h).call((c) => c.vipps.start({ intent: 'verify' }))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const user = await signedInUser(h, uniqueEmail('start'));
    const { url } = await user.browser.call((c) => c.vipps.start({ intent: 'verify' }));
    const { signInAtLocalVipps } = await import('../support/vipps-driver');
    const search = (await signInAtLocalVipps(url, newPerson().id)).search.slice(1);
    await user.browser.call((c) => c.auth.signOut());
    await expect(user.browser.call((c) => c.vipps.callback({ search }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
