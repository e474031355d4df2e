import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL_WINDOW_MS } from '@bedriftstorget/api/auth/confirmation-mail';
import { RATE_LIMITS } from '@bedriftstorget/api/auth/rate-limit-rules';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { auth as texts, mail } from '@bedriftstorget/core/texts/nb';
import { Browser, createHarness, db, signedInUser, tokenFromMail, uniqueEmail, type Harness } from './harness';

const resend = (h: Harness, email: string, browser = new Browser(h)) => browser.call((c) => c.auth.resendConfirmation({ email }));
const confirmations = (h: Harness, email: string) => h.mailer.to(email).filter((m) => m.subject === mail.confirmSubject);

/** Moves an address's queued mails back in time, as if they were sent that long ago. */
async function age(email: string, ms: number) {
  const rows = await db.select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  for (const row of rows) await db.update(mailOutbox).set({ createdAt: new Date(row.createdAt.getTime() - ms) }).where(eq(mailOutbox.id, row.id));
}

describe("'Send e-posten på nytt'", () => {
  it('sends one more confirmation, then no more for 10 minutes; the newest link works', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    const browser = new Browser(h);
    await browser.call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));
    expect(await resend(h, email)).toEqual({ ok: true });
    expect(confirmations(h, email)).toHaveLength(2);
    // A third within the window: the same answer, no mail — not from sign-in, nor from signing up again.
    expect(await resend(h, email)).toEqual({ ok: true });
    await expect(new Browser(h).call((c) => c.auth.signIn({ email, password: 'hemmelig1' }))).rejects.toMatchObject({ message: texts.emailNotConfirmed });
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'annetpassord', acceptTerms: true }));
    expect(confirmations(h, email)).toHaveLength(2);

    await age(email, ACCOUNT_MAIL_WINDOW_MS);
    await resend(h, email);
    expect(confirmations(h, email)).toHaveLength(3);
    await browser.call((c) => c.auth.confirmEmail({ token: tokenFromMail(h.mailer, email, '/auth/bekreft') }));
    // The password of the sign-up that got through; the refused second sign-up changed nothing.
    await new Browser(h).call((c) => c.auth.signIn({ email, password: 'hemmelig1' }));
  });

  it('answers the same for an unknown and for a confirmed address, mailing neither', async () => {
    const h = createHarness();
    const unknown = uniqueEmail('ukjent');
    const { email: confirmed } = await signedInUser(h);
    const before = h.mailer.to(confirmed).length;
    expect(await resend(h, unknown)).toEqual({ ok: true });
    expect(await resend(h, confirmed)).toEqual({ ok: true });
    expect(h.mailer.to(unknown)).toEqual([]);
    expect(h.mailer.to(confirmed)).toHaveLength(before);
  });

  it('is limited per address, in Norwegian', async () => {
    const h = createHarness();
    const email = uniqueEmail('grense');
    const codes: string[] = [];
    for (let i = 0; i <= RATE_LIMITS.resendPerAddress.limit; i += 1) {
      codes.push(await resend(h, email).then(() => 'OK', (e: { code: string; message: string }) => `${e.code}: ${e.message}`));
    }
    expect(codes.slice(0, RATE_LIMITS.resendPerAddress.limit)).toEqual(Array(RATE_LIMITS.resendPerAddress.limit).fill('OK'));
    expect(codes.at(-1)).toBe(`TOO_MANY_REQUESTS: ${texts.tooManyAttempts}`);
  });

  it("the owner of a taken address gets 'you already have an account' at most twice in 10 minutes", async () => {
    const h = createHarness();
    const { email } = await signedInUser(h);
    for (let i = 0; i < 4; i += 1) await new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));
    expect(h.mailer.to(email).filter((m) => m.subject === mail.alreadyRegisteredSubject)).toHaveLength(2);
  });
});
