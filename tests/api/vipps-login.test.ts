import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consents, users } from '@bedriftstorget/core/auth/auth.sql';
import { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { Browser, createHarness, db } from './harness';
import { fullNameOf, localVipps, newPerson, vippsHarness, vippsRoundTrip } from './vipps-support';

describe('Logg inn med Vipps', () => {
  it('is off without configuration, and says so', async () => {
    const browser = new Browser(createHarness());
    expect(await browser.call((c) => c.auth.providers())).toEqual({ google: false, vipps: false });
    await expect(browser.call((c) => c.vipps.start({ intent: 'login' }))).rejects.toThrow(vippsTexts.unavailable);
  });

  it('sends the browser to the issuer with state, nonce and PKCE (S256) and the scopes Vipps names', async () => {
    const browser = new Browser(vippsHarness());
    const { url } = await browser.call((c) => c.vipps.start({ intent: 'login' }));
    const params = new URL(url).searchParams;
    expect(url.startsWith(`${localVipps.issuer}oauth2/auth?`)).toBe(true);
    expect(params.get('scope')).toBe('openid name email phoneNumber');
    expect(params.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params.get(name)?.length).toBeGreaterThanOrEqual(32);
    expect(browser.cookies.has('bt_vipps_flow')).toBe(true);
  });

  it('creates no account before the terms are accepted, then one from the verified name, address and phone, verified, and signs in by Vipps later', async () => {
    const h = vippsHarness();
    const person = newPerson();
    const browser = new Browser(h);
    await expect((await vippsRoundTrip(browser, person)).result).rejects.toMatchObject({ cause: { reason: 'CONSENT_REQUIRED' } });
    expect(await db.select().from(users).where(eq(users.email, person.email))).toEqual([]);

    const { result } = await vippsRoundTrip(browser, person, { acceptTerms: true });
    expect(await result).toEqual({ outcome: 'signedUp' });
    const me = await browser.call((c) => c.auth.me());
    expect(me).toMatchObject({ email: person.email, fullName: fullNameOf(person) });
    const [user] = await db.select().from(users).where(eq(users.email, person.email));
    expect(user).toMatchObject({ emailVerified: true, passwordHash: null });
    expect(await db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, user!.id))).toEqual([{ phone: '+4798765432' }]);
    expect(await db.select({ method: consents.method, version: consents.textVersion }).from(consents).where(eq(consents.userId, user!.id))).toEqual([{ method: 'vipps', version: consent.version }]);
    expect(await browser.call((c) => c.vipps.status())).toMatchObject({ verified: true, name: fullNameOf(person), phone: '+4798765432' });
    // The pairwise sub is stored, never the person's id at Vipps.
    const [identity] = await db.select().from(vippsIdentities).where(eq(vippsIdentities.userId, user!.id));
    expect(identity!.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(identity!.sub).not.toContain(person.id);

    const later = new Browser(h);
    expect(await (await vippsRoundTrip(later, person)).result).toEqual({ outcome: 'signedIn' });
    expect((await later.call((c) => c.auth.me()))?.id).toBe(user!.id);
  });

  it('a person who presses Avbryt at Vipps is told so, and nothing happens', async () => {
    const browser = new Browser(vippsHarness());
    await expect((await vippsRoundTrip(browser, newPerson(), { acceptTerms: true, confirm: false })).result).rejects.toThrow(vippsTexts.cancelled);
    expect(await browser.call((c) => c.auth.me())).toBeNull();
  });
});
