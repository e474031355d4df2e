import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { Browser, db } from './harness';
import { newPerson, vippsHarness, vippsRoundTrip } from './vipps-support';

/**
 * The callback refuses every answer it cannot trust: each is the local Vipps's real
 * answer with one thing wrong, re-signed as a broken or hostile provider would send it, and each
 * leaves the person signed out with no account made.
 */
describe('the Vipps callback refuses', () => {
  async function expectRefused(run: (browser: Browser, person: ReturnType<typeof newPerson>) => Promise<unknown>) {
    const browser = new Browser(vippsHarness());
    const person = newPerson();
    await expect(run(browser, person)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: vippsTexts.failed });
    expect(await browser.call((c) => c.auth.me())).toBeNull();
    expect(await db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
  }

  it('an expired ID token', () => expectRefused(async (browser, person) => (await vippsRoundTrip(browser, person, { acceptTerms: true, fault: 'expired' })).result));
  it('an ID token for another client (foreign audience)', () => expectRefused(async (browser, person) => (await vippsRoundTrip(browser, person, { acceptTerms: true, fault: 'audience' })).result));
  it('an ID token with another nonce', () => expectRefused(async (browser, person) => (await vippsRoundTrip(browser, person, { acceptTerms: true, fault: 'nonce' })).result));
  it('an ID token from an unknown issuer', () => expectRefused(async (browser, person) => (await vippsRoundTrip(browser, person, { acceptTerms: true, fault: 'issuer' })).result));
  it('an ID token not signed with a key of the issuer’s JWKS', () => expectRefused(async (browser, person) => (await vippsRoundTrip(browser, person, { acceptTerms: true, fault: 'signature' })).result));

  it('an answer whose state is not this browser’s', () =>
    expectRefused(async (browser, person) => {
      // The person's answer from Vipps, taken to another browser before this one uses it (vippsRoundTrip
      // would also send it here, and that call would race the other browser's).
      const { url } = await browser.call((c) => c.vipps.start({ intent: 'login', acceptTerms: true }));
      const { signInAtLocalVipps } = await import('../support/vipps-driver');
      const search = (await signInAtLocalVipps(url, person.id)).search.slice(1);
      const other = new Browser(browser.services);
      await other.call((c) => c.vipps.start({ intent: 'login', acceptTerms: true }));
      return other.call((c) => c.vipps.callback({ search }));
    }));

  it('a callback replayed: the same answer again, in the same browser and with the flow cookie copied back', async () => {
    const h = vippsHarness();
    const browser = new Browser(h);
    const person = newPerson();
    const { url } = await browser.call((c) => c.vipps.start({ intent: 'login', acceptTerms: true }));
    const flowCookie = browser.cookies.get('bt_vipps_flow')!;
    const { signInAtLocalVipps } = await import('../support/vipps-driver');
    const search = (await signInAtLocalVipps(url, person.id)).search.slice(1);
    expect(await browser.call((c) => c.vipps.callback({ search }))).toEqual({ outcome: 'signedUp' });
    // The flow cookie is gone: the same URL again is refused.
    await expect(browser.call((c) => c.vipps.callback({ search }))).rejects.toThrow(vippsTexts.failed);
    // An attacker who kept the cookie gets nowhere either: Vipps takes a code once.
    const thief = new Browser(h);
    thief.cookies.set('bt_vipps_flow', flowCookie);
    await expect(thief.call((c) => c.vipps.callback({ search }))).rejects.toThrow(vippsTexts.failed);
    expect(await thief.call((c) => c.auth.me())).toBeNull();
  });

  it('a callback with no round trip started', () => expectRefused((browser) => browser.call((c) => c.vipps.callback({ search: 'code=abc&state=def' }))));
});
