import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consents, users } from '@bedriftstorget/core/auth/auth.sql';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { ConfigError, loadLocalConfig } from '@bedriftstorget/api/config';
import { Browser, createHarness, db, signedInUser, uniqueEmail, visitorCaller } from './harness';

/**
 * Consent at sign-up (decision 089): 'Jeg godtar vilkårene og personvernerklæringen' must be
 * ticked; the server refuses without it and stores nothing, and records each consent with its
 * time and the catalogue's version of the text. 'Last ned mine data' includes them.
 */
const consentsOf = (userId: string) => db.select().from(consents).where(eq(consents.userId, userId));

describe('consent at sign-up', () => {
  it('refuses a sign-up without the ticked box with the Norwegian text, and stores no account', async () => {
    const h = createHarness();
    const email = uniqueEmail('uten');
    const browser = new Browser(h);
    for (const input of [{ email, password: 'hemmelig1' }, { email, password: 'hemmelig1', acceptTerms: false }]) {
      // Sent as a browser could send it: the schema, not the type, is what refuses it.
      await expect(browser.call((c) => c.auth.signUp(input as { email: string; password: string; acceptTerms: true }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: consent.required });
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(h.mailer.to(email)).toEqual([]);
  });

  it('records the consent with its time and the text’s version, and again when an unconfirmed account’s password is set anew', async () => {
    const h = createHarness();
    const email = uniqueEmail('med');
    const before = Date.now();
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const first = await consentsOf(user!.id);
    expect(first).toEqual([expect.objectContaining({ textVersion: consent.version, method: 'password' })]);
    expect(first[0]!.givenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(first[0]!.givenAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'annetpassord', acceptTerms: true }));
    expect(await consentsOf(user!.id)).toHaveLength(2);
  });

  it('records nothing for a sign-up with a confirmed account’s address (its owner did not tick anything)', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    expect(await consentsOf(owner.userId)).toHaveLength(1);
    await new Browser(h).call((c) => c.auth.signUp({ email: owner.email, password: 'noeannet1', acceptTerms: true }));
    expect(await consentsOf(owner.userId)).toHaveLength(1);
  });

  it("'Last ned mine data' includes the consents", async () => {
    const h = createHarness();
    const { browser } = await signedInUser(h);
    const data = await browser.call((c) => c.profile.exportData());
    expect(data.consents).toEqual([{ textVersion: consent.version, method: 'password', givenAt: expect.any(Date) as unknown }]);
  });
});

describe('the Personvern page’s contact address', () => {
  it('comes from configuration (PRIVACY_CONTACT_EMAIL), with a default, and a malformed one stops the start', async () => {
    expect(loadLocalConfig({}).privacyContact).toBe('personvern@bedriftstorget.no');
    expect(loadLocalConfig({ PRIVACY_CONTACT_EMAIL: 'dpo@example.no' }).privacyContact).toBe('dpo@example.no');
    expect(() => loadLocalConfig({ PRIVACY_CONTACT_EMAIL: 'ikke en adresse' })).toThrow(ConfigError);
    const h = createHarness({ config: { privacyContact: 'vern@example.no' } });
    expect(await visitorCaller(h).privacy.contact()).toEqual({ email: 'vern@example.no' });
  });
});
