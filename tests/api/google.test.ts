import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consents, users } from '@bedriftstorget/core/auth/auth.sql';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import type { GoogleIdentity, GoogleOAuth } from '@bedriftstorget/api/auth/google';
import { Browser, createHarness, db, signedInUser, uniqueEmail } from './harness';

/** Google's servers cannot be reached here: a stand-in behind the same interface. */
function fakeGoogle(identity: GoogleIdentity): GoogleOAuth & { codes: string[] } {
  const codes: string[] = [];
  return {
    codes,
    start: () => ({ url: new URL('https://accounts.google.com/o/oauth2/v2/auth?state=s1'), state: 's1', codeVerifier: 'verifier-1' }),
    finish(code, verifier) {
      if (verifier !== 'verifier-1') return Promise.reject(new Error('wrong verifier'));
      codes.push(code);
      return Promise.resolve(identity);
    },
  };
}

describe('Google sign-in', () => {
  it('is off without configuration', async () => {
    const browser = new Browser(createHarness());
    expect(await browser.call((c) => c.auth.providers())).toEqual({ google: false, vipps: false });
    await expect(browser.call((c) => c.auth.googleStart())).rejects.toThrow(texts.googleFailed);
  });

  it('creates no account for a new Google user until the consent step’s box is ticked, then one with the consent recorded', async () => {
    const email = uniqueEmail('google');
    const google = fakeGoogle({ sub: crypto.randomUUID(), email, emailVerified: true });
    const browser = new Browser(createHarness({ google }));
    const { url } = await browser.call((c) => c.auth.googleStart());
    expect(url).toContain('accounts.google.com');
    expect(browser.cookies.get('bt_google_state')).toBe('s1');
    // Not ticked: refused with its reason, nothing stored, not signed in.
    await expect(browser.call((c) => c.auth.googleCallback({ code: 'code-1', state: 's1' }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: consent.required, cause: { reason: 'CONSENT_REQUIRED' } });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await browser.call((c) => c.auth.me())).toBeNull();
    // A box ticked under an older text is no consent to this one.
    await browser.call((c) => c.auth.googleStart({ acceptTerms: true }));
    browser.cookies.set('bt_google_consent', '2000-01-01');
    await expect(browser.call((c) => c.auth.googleCallback({ code: 'code-1', state: 's1' }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const before = Date.now();
    await browser.call((c) => c.auth.googleStart({ acceptTerms: true }));
    expect(browser.cookies.get('bt_google_consent')).toBe(consent.version);
    await browser.call((c) => c.auth.googleCallback({ code: 'code-2', state: 's1' }));
    expect(await browser.call((c) => c.auth.me())).toMatchObject({ email });
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: true, passwordHash: null });
    const given = await db.select().from(consents).where(eq(consents.userId, user!.id));
    expect(given).toEqual([expect.objectContaining({ textVersion: consent.version, method: 'google' })]);
    expect(given[0]!.givenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(browser.cookies.has('bt_google_state')).toBe(false);
    expect(browser.cookies.has('bt_google_consent')).toBe(false);
    // Signing in again later needs no box: the account is there.
    await browser.call((c) => c.auth.signOut());
    await browser.call((c) => c.auth.googleStart());
    await browser.call((c) => c.auth.googleCallback({ code: 'code-3', state: 's1' }));
    expect(await browser.call((c) => c.auth.me())).toMatchObject({ email });
    expect(await db.select().from(consents).where(eq(consents.userId, user!.id))).toHaveLength(1);
  });

  it('refuses a callback whose state does not match the cookie', async () => {
    const google = fakeGoogle({ sub: crypto.randomUUID(), email: uniqueEmail(), emailVerified: true });
    const browser = new Browser(createHarness({ google }));
    await browser.call((c) => c.auth.googleStart());
    await expect(browser.call((c) => c.auth.googleCallback({ code: 'code-1', state: 'forged' }))).rejects.toThrow(texts.googleFailed);
    expect(google.codes).toHaveLength(0);
    expect(await browser.call((c) => c.auth.me())).toBeNull();
  });

  it('links to an existing account with the same verified address', async () => {
    const h = createHarness();
    const { email, password, userId } = await signedInUser(h);
    const google = fakeGoogle({ sub: crypto.randomUUID(), email, emailVerified: true });
    const browser = new Browser(createHarness({ google }));
    await browser.call((c) => c.auth.googleStart());
    await browser.call((c) => c.auth.googleCallback({ code: 'c', state: 's1' }));
    expect((await browser.call((c) => c.auth.me()))?.id).toBe(userId);
    await new Browser(h).call((c) => c.auth.signIn({ email, password }));
  });

  it('drops a password set on an unconfirmed account when the owner arrives through Google', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'inntrengerpassord', acceptTerms: true }));
    const browser = new Browser(createHarness({ google: fakeGoogle({ sub: crypto.randomUUID(), email, emailVerified: true }) }));
    await browser.call((c) => c.auth.googleStart());
    await browser.call((c) => c.auth.googleCallback({ code: 'c', state: 's1' }));
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ emailVerified: true, passwordHash: null });
  });

  it('never links an unverified Google address', async () => {
    const h = createHarness();
    const { email } = await signedInUser(h);
    const browser = new Browser(createHarness({ google: fakeGoogle({ sub: crypto.randomUUID(), email, emailVerified: false }) }));
    await browser.call((c) => c.auth.googleStart());
    await expect(browser.call((c) => c.auth.googleCallback({ code: 'c', state: 's1' }))).rejects.toThrow(texts.googleFailed);
    expect(await browser.call((c) => c.auth.me())).toBeNull();
  });
});
