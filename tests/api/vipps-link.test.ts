import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { Browser, db, signedInUser, tokenFromMail, uniqueEmail } from './harness';
import { newPerson, vippsHarness, vippsRoundTrip } from './vipps-support';

/** An account with Vipps's verified address is linked only after proof of the account. */
describe('linking Vipps to an existing account', () => {
  it('signs nobody in on the address alone; a wrong password is refused; the right one links, verifies and signs in', async () => {
    const h = vippsHarness();
    const owner = await signedInUser(h, uniqueEmail('eier'));
    const person = newPerson({ email: owner.email });
    const browser = new Browser(h);
    expect(await (await vippsRoundTrip(browser, person)).result).toEqual({ outcome: 'linkRequired', email: owner.email, hasPassword: true });
    expect(await browser.call((c) => c.auth.me())).toBeNull();
    expect(await db.select().from(vippsIdentities).where(eq(vippsIdentities.userId, owner.userId))).toEqual([]);

    await expect(browser.call((c) => c.vipps.linkWithPassword({ password: 'feil-passord' }))).rejects.toThrow(vippsTexts.wrongPassword);
    expect(await browser.call((c) => c.auth.me())).toBeNull();
    // The proof is tied to the browser that came back from Vipps: another one has nothing to prove.
    await expect(new Browser(h).call((c) => c.vipps.linkWithPassword({ password: owner.password }))).rejects.toThrow(vippsTexts.linkExpired);

    await browser.call((c) => c.vipps.linkWithPassword({ password: owner.password }));
    expect((await browser.call((c) => c.auth.me()))?.id).toBe(owner.userId);
    expect(await owner.browser.call((c) => c.vipps.status())).toMatchObject({ verified: true, name: `${person.givenName} ${person.familyName}` });
    // Next time Vipps signs straight in.
    expect(await (await vippsRoundTrip(new Browser(h), person)).result).toEqual({ outcome: 'signedIn' });
  });

  it('proves the account by a mailed link instead: opened once, it links and signs in', async () => {
    const h = vippsHarness();
    const owner = await signedInUser(h, uniqueEmail('lenke'));
    const person = newPerson({ email: owner.email });
    const browser = new Browser(h);
    await (await vippsRoundTrip(browser, person)).result;
    await browser.call((c) => c.vipps.sendLinkMail());
    expect(h.mailer.last(owner.email).subject).toBe(vippsTexts.linkMailSubject);
    const token = tokenFromMail(h.mailer, owner.email, '/auth/vipps/koble');
    expect(await db.select().from(vippsIdentities).where(eq(vippsIdentities.userId, owner.userId))).toEqual([]);
    const phone = new Browser(h);
    await phone.call((c) => c.vipps.confirmLink({ token }));
    expect((await phone.call((c) => c.auth.me()))?.id).toBe(owner.userId);
    await expect(new Browser(h).call((c) => c.vipps.confirmLink({ token }))).rejects.toThrow(vippsTexts.linkExpired);
  });

  it('refuses to verify an account with a Vipps person another account already has', async () => {
    const h = vippsHarness();
    const person = newPerson();
    await (await vippsRoundTrip(new Browser(h), person, { acceptTerms: true })).result;
    const other = await signedInUser(h, uniqueEmail('annen'));
    await expect((await vippsRoundTrip(other.browser, person, { intent: 'verify' })).result).rejects.toMatchObject({ code: 'CONFLICT', message: vippsTexts.takenByOther });
    expect(await other.browser.call((c) => c.vipps.status())).toMatchObject({ verified: false });
  });
});
