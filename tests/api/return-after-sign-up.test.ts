import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import { Browser, createHarness, db, uniqueEmail } from './harness';

/** The confirmation link brings the user back to the page they signed up from, and only to a page on this site. */
describe('the page to return to after sign-up', () => {
  it('rides in the confirmation link, from sign-up and from "Send e-posten på nytt"', async () => {
    const h = createHarness();
    const email = uniqueEmail('tilbake');
    const back = '/alle-annonser?bransje=craft&sted=Bergen';
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true, next: back }));
    await new Browser(h).call((c) => c.auth.resendConfirmation({ email, next: back }));
    const links = h.mailer.to(email).map((mail) => new URL(mail.links[0]!));
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.pathname).toBe('/auth/bekreft');
      expect(link.searchParams.get('next')).toBe(back);
    }
    // Without one the link is as before.
    const plain = uniqueEmail('rett');
    await new Browser(h).call((c) => c.auth.signUp({ email: plain, password: 'hemmelig1', acceptTerms: true }));
    expect(new URL(h.mailer.to(plain)[0]!.links[0]!).searchParams.has('next')).toBe(false);
  });

  for (const hostile of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    it(`refuses ${hostile} in words, with no account and no mail`, async () => {
      const h = createHarness();
      const email = uniqueEmail('fiende');
      await expect(new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true, next: hostile }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.returnPathInvalid });
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect(h.mailer.to(email)).toHaveLength(0);
    });
  }
});
