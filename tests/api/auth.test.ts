import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { auth as texts, mail } from '@bedriftstorget/core/texts/nb';
import { createInnerContext } from '@bedriftstorget/api/context';
import { endSession } from '@bedriftstorget/api/auth/session';
import { Browser, createHarness, db, signedInUser, tokenFromMail, uniqueEmail } from './harness';

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

describe('sign-up and confirmation', () => {
  it('creates an unconfirmed account with the default profile and mails a confirmation link', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    const browser = new Browser(h);
    await browser.call((c) => c.auth.signUp({ email: `  ${email.toUpperCase()} `, password: 'hemmelig1', acceptTerms: true }));

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user!.id));
    // No grant of its own: the quota follows the settings ('Maks annonser per bruker (publiserte og til godkjenning)').
    expect(profile).toMatchObject({ userType: 'individual', plan: 'free', maxListings: null });
    const sent = h.mailer.last(email);
    expect(sent.subject).toBe(mail.confirmSubject);
    expect(sent.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/bekreft\?token=/);
    expect(browser.sessionId).toBeUndefined();
    expect(await browser.call((c) => c.auth.me())).toBeNull();
  });

  it('signs the user in from the link, once', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    const browser = new Browser(h);
    await browser.call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));
    const token = tokenFromMail(h.mailer, email, '/auth/bekreft');
    await browser.call((c) => c.auth.confirmEmail({ token }));
    expect(await browser.call((c) => c.auth.me())).toMatchObject({ email, isAdmin: false, fullName: null });

    // Used again (another browser): the address is confirmed, so say so, and sign nobody in.
    const other = new Browser(h);
    const again = await rejection(other.call((c) => c.auth.confirmEmail({ token })));
    expect(again.message).toBe(texts.alreadyConfirmed);
    expect(await other.call((c) => c.auth.me())).toBeNull();
  });

  it('refuses an expired confirmation link', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    const browser = new Browser(h);
    await browser.call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, user!.id));
    const error = await rejection(browser.call((c) => c.auth.confirmEmail({ token: tokenFromMail(h.mailer, email, '/auth/bekreft') })));
    expect(error.message).toBe(texts.tokenInvalid);
  });

  it('does not reveal a taken address: the owner is mailed instead, and the password stays', async () => {
    const h = createHarness();
    const { email, password } = await signedInUser(h);
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'annetpassord', acceptTerms: true }));
    expect(h.mailer.last(email).subject).toBe(mail.alreadyRegisteredSubject);
    await new Browser(h).call((c) => c.auth.signIn({ email, password }));
    const wrong = await rejection(new Browser(h).call((c) => c.auth.signIn({ email, password: 'annetpassord' })));
    expect(wrong.message).toBe(texts.wrongCredentials);
  });

  it('gives the Norwegian messages for bad input', async () => {
    const h = createHarness();
    const browser = new Browser(h);
    expect((await rejection(browser.call((c) => c.auth.signUp({ email: '', password: 'hemmelig1', acceptTerms: true })))).message).toBe(texts.emailRequired);
    expect((await rejection(browser.call((c) => c.auth.signUp({ email: 'ikke-en-adresse', password: 'hemmelig1', acceptTerms: true })))).message).toBe(texts.emailInvalid);
    const short = await rejection(browser.call((c) => c.auth.signUp({ email: uniqueEmail(), password: '12345', acceptTerms: true })));
    expect(short.code).toBe('BAD_REQUEST');
    expect(short.message).toBe(texts.passwordTooShort);
  });
});

describe('sign-in and sessions', () => {
  it('refuses a wrong password and an unknown address with the same message', async () => {
    const h = createHarness();
    const { email } = await signedInUser(h);
    const wrong = await rejection(new Browser(h).call((c) => c.auth.signIn({ email, password: 'feilpassord' })));
    const unknown = await rejection(new Browser(h).call((c) => c.auth.signIn({ email: uniqueEmail(), password: 'feilpassord' })));
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', texts.wrongCredentials]);
    expect([unknown.code, unknown.message]).toEqual(['UNAUTHORIZED', texts.wrongCredentials]);
  });

  it('asks an unconfirmed user to confirm, and sign-ins with the right password mail nothing more', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const error = await rejection(new Browser(h).call((c) => c.auth.signIn({ email, password: 'hemmelig1' })));
      expect(error.message).toBe(texts.emailNotConfirmed);
    }
    // The sign-up's mail only: another comes from 'Send e-posten på nytt' (resend-confirmation.test.ts).
    expect(h.mailer.to(email)).toHaveLength(1);
  });

  it('sets an httpOnly, SameSite=Lax, 30-day cookie, Secure off localhost, and a new session on every sign-in', async () => {
    const h = createHarness({ config: { secureCookies: true } });
    const { email, password, browser } = await signedInUser(h);
    const first = browser.sessionId;
    await browser.call((c) => c.auth.signIn({ email, password }));
    expect(browser.sessionId).not.toBe(first);
    const cookie = browser.lastSetCookies.find((c) => c.startsWith('bt_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it('extends a session used in its second half (sliding expiry)', async () => {
    const h = createHarness();
    const { browser } = await signedInUser(h);
    const soon = new Date(Date.now() + 5 * 24 * 3600_000);
    await db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, browser.sessionId!));
    await browser.call((c) => c.auth.me());
    expect(browser.lastSetCookies.some((c) => c.startsWith('bt_session='))).toBe(true);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, browser.sessionId!));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it('ends the session on sign-out, and refuses sign-out without one', async () => {
    const h = createHarness();
    const { browser } = await signedInUser(h);
    const sessionId = browser.sessionId!;
    await browser.call((c) => c.auth.signOut());
    expect(await db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
    expect(await browser.call((c) => c.auth.me())).toBeNull();
    expect((await rejection(browser.call((c) => c.auth.signOut()))).code).toBe('UNAUTHORIZED');
  });

  it('clears the cookie of a browser whose session is already gone, ending nothing else', async () => {
    const h = createHarness();
    const { browser } = await signedInUser(h);
    const ctx = createInnerContext(h, { session: null, user: null, ip: '10.0.0.1', cookies: {}, resHeaders: new Headers() });
    await endSession(ctx);
    expect(ctx.resHeaders.getSetCookie()).toEqual([h.auth.createBlankSessionCookie().serialize()]);
    expect(await browser.call((c) => c.auth.me())).not.toBeNull();
  });
  // Sign-in limits (per address and network, with back-off): tests/api/abuse.test.ts.
});

describe('password reset', () => {
  it('mails a link, sets the new password, ends every other session and signs this browser in', async () => {
    const h = createHarness();
    const { email, password, browser: other } = await signedInUser(h);
    const resetter = new Browser(h);
    await resetter.call((c) => c.auth.requestPasswordReset({ email }));
    const token = tokenFromMail(h.mailer, email, '/auth?mode=reset');
    await resetter.call((c) => c.auth.resetPassword({ token, password: 'nyttpassord' }));

    expect(await other.call((c) => c.auth.me())).toBeNull();
    expect(await resetter.call((c) => c.auth.me())).toMatchObject({ email });
    await new Browser(h).call((c) => c.auth.signIn({ email, password: 'nyttpassord' }));
    expect((await rejection(new Browser(h).call((c) => c.auth.signIn({ email, password })))).message).toBe(texts.wrongCredentials);
    expect((await rejection(resetter.call((c) => c.auth.resetPassword({ token, password: 'tredjepassord' })))).message).toBe(texts.tokenInvalid);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    await expect(new Browser(h).call((c) => c.auth.requestPasswordReset({ email }))).resolves.toEqual({ ok: true });
    expect(h.mailer.to(email)).toHaveLength(0);
  });

  it('limits reset mails per address', async () => {
    const h = createHarness();
    const { email } = await signedInUser(h);
    for (let i = 0; i < 3; i += 1) await new Browser(h).call((c) => c.auth.requestPasswordReset({ email }));
    const limited = await rejection(new Browser(h).call((c) => c.auth.requestPasswordReset({ email })));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(h.mailer.to(email).filter((m) => m.subject === mail.resetSubject)).toHaveLength(3);
  });
});
