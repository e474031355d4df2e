import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverDueMail, MAX_ATTEMPTS, MailDeliveryError, retryDelayMs, STALE_CLAIM_MS } from '@bedriftstorget/api/mail/deliver';
import { enqueueMails } from '@bedriftstorget/api/mail/outbox';
import { sendRateFor } from '@bedriftstorget/api/mail/send-rate';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { mail } from '@bedriftstorget/core/texts/nb';
import { Browser, createHarness, db, deliverMail, driver, tokenFromMail, uniqueEmail, type Harness } from './harness';
import { outboxTo, retire, sesNoAnswer, sesOutage, sesThrottled, TestClock } from './mail-helpers';

const quiet = () => [vi.spyOn(console, 'warn').mockImplementation(() => undefined), vi.spyOn(console, 'error').mockImplementation(() => undefined)];
afterEach(() => vi.restoreAllMocks());

/** Mails to fresh addresses, queued as a job step queues them (next attempt = `now`). */
async function queue(n: number, now: Date, prefix = 'utboks'): Promise<{ ids: string[]; to: string[] }> {
  const to = Array.from({ length: n }, () => uniqueEmail(prefix));
  const ids = await enqueueMails(db, to.map((address, i) => ({ kind: 'draft_reminder' as const, to: address, subject: `Melding ${i}`, text: 'Hei', links: [] })), now);
  return { ids, to };
}

const signUp = (h: Harness, email: string) => new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));

describe('a refused send never fails the request and is never lost', () => {
  it('sign-up answers ok while SES is down; its confirmation waits in the outbox and a later run sends it', async () => {
    const h = createHarness();
    const email = uniqueEmail();
    quiet();
    h.mailer.send = () => Promise.reject(sesOutage());
    await expect(signUp(h, email)).resolves.toEqual({ ok: true });
    const [row] = await outboxTo(email);
    expect(row).toMatchObject({ kind: 'confirm', status: 'pending', attempts: 1, lastError: expect.stringContaining('InternalFailure') as unknown });
    expect(row!.nextAttemptAt.getTime() - row!.claimedAt!.getTime()).toBe(retryDelayMs(1));

    const working = createHarness();
    await deliverMail(working, new Date(row!.nextAttemptAt.getTime() + 1));
    expect(working.mailer.to(email)).toHaveLength(1);
    expect((await outboxTo(email))[0]).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: 'memory-1' });
    const browser = new Browser(working);
    await browser.call((c) => c.auth.confirmEmail({ token: tokenFromMail(working.mailer, email, '/auth/bekreft') }));
    expect(await browser.call((c) => c.auth.me())).toMatchObject({ email });
  });

  it.runIf(driver === 'mysql2')('queues the mail in the transaction of what caused it: no account without its confirmation mail', async () => {
    const h = createHarness();
    const email = uniqueEmail('atomisk');
    // The outbox refuses this one address, as a database failing between the two inserts would.
    await db.execute(sql.raw(`CREATE TRIGGER refuse_outbox_test BEFORE INSERT ON mail_outbox FOR EACH ROW BEGIN IF NEW.to_address = '${email}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'outbox refused'; END IF; END`));
    try {
      await expect(signUp(h, email)).rejects.toThrow();
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_outbox_test'));
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    await signUp(h, email);
    expect(h.mailer.to(email)).toHaveLength(1);
  });
});

describe('each mail at most once', () => {
  it('three senders at once send every due mail exactly once', async () => {
    const h = createHarness();
    const now = new Date();
    const { to } = await queue(6, now);
    await Promise.all([deliverMail(h, now), deliverMail(h, now), deliverMail(h, now)]);
    for (const address of to) expect(h.mailer.to(address)).toHaveLength(1);
  });

  it('a send that died after its claim is never sent again, and the run reports it', async () => {
    const h = createHarness();
    const now = new Date();
    const { ids, to } = await queue(1, now);
    // A sender claimed it and stopped (a crash, a Lambda time-out) before recording the result.
    await db.update(mailOutbox).set({ status: 'sending', claimId: crypto.randomUUID(), claimedAt: new Date(now.getTime() - STALE_CLAIM_MS - 1000), attempts: 1 }).where(eq(mailOutbox.id, ids[0]!));
    quiet();
    await expect(deliverMail(h, now)).rejects.toBeInstanceOf(MailDeliveryError);
    await deliverMail(h, new Date(now.getTime() + 24 * 3_600_000));
    expect(h.mailer.to(to[0]!)).toEqual([]);
    expect((await outboxTo(to[0]!))[0]).toMatchObject({ status: 'unknown', claimId: null });
  });

  it('a send that got no answer is marked unknown, not retried', async () => {
    const h = createHarness();
    const now = new Date();
    const { to } = await queue(1, now);
    quiet();
    const send = h.mailer.send.bind(h.mailer);
    h.mailer.send = (m) => (m.to === to[0] ? Promise.reject(sesNoAnswer()) : send(m));
    await expect(deliverMail(h, now)).rejects.toThrow(/unknown/);
    h.mailer.send = send;
    await deliverMail(h, new Date(now.getTime() + 24 * 3_600_000));
    expect(h.mailer.to(to[0]!)).toEqual([]);
    expect((await outboxTo(to[0]!))[0]).toMatchObject({ status: 'unknown', attempts: 1, lastError: expect.stringContaining('TimeoutError') as unknown });
  });
});

describe('retries and back-off', () => {
  it('retries a refused mail with doubling back-off, then gives it up after MAX_ATTEMPTS and fails the run', async () => {
    const h = createHarness();
    let now = new Date();
    const { to } = await queue(1, now);
    quiet();
    const send = h.mailer.send.bind(h.mailer);
    h.mailer.send = (m) => (m.to === to[0] ? Promise.reject(sesOutage()) : send(m));
    const delays: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      await deliverMail(h, now);
      const [row] = await outboxTo(to[0]!);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      delays.push(row!.nextAttemptAt.getTime() - row!.claimedAt!.getTime());
      // Not due before its time.
      await deliverMail(h, new Date(row!.nextAttemptAt.getTime() - 1));
      expect((await outboxTo(to[0]!))[0]!.attempts).toBe(attempt);
      now = row!.nextAttemptAt;
    }
    expect(delays.slice(0, 4)).toEqual([60_000, 120_000, 240_000, 480_000]);
    await expect(deliverMail(h, now)).rejects.toBeInstanceOf(MailDeliveryError);
    expect((await outboxTo(to[0]!))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('gives up at once on a mail SES rejects for good (a message SES will not take)', async () => {
    const h = createHarness();
    const now = new Date();
    const { to } = await queue(1, now);
    quiet();
    const { MessageRejected } = await import('@aws-sdk/client-sesv2');
    // An identity SES has not verified is not this: that mail waits (tests/api/mail-ses-sandbox.test.ts).
    h.mailer.send = () => Promise.reject(new MessageRejected({ message: "Illegal header 'X-Bt'.", $metadata: { httpStatusCode: 400 } }));
    await expect(deliverMail(h, now)).rejects.toBeInstanceOf(MailDeliveryError);
    expect((await outboxTo(to[0]!))[0]).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('MessageRejected') as unknown });
  });

  it("SES's throttling backs off: the mail stays pending, the try is not counted, and the run stops sending after three", async () => {
    const h = createHarness();
    const now = new Date();
    const { to } = await queue(5, now, 'struping');
    quiet();
    const send = h.mailer.send.bind(h.mailer);
    h.mailer.send = (m) => (to.includes(m.to) ? Promise.reject(sesThrottled()) : send(m));
    const clock = new TestClock(now.getTime());
    const report = await deliverDueMail(h, now, { clock });
    expect(report).toMatchObject({ throttled: 3, failed: 0 });
    expect(report.left).toBeGreaterThanOrEqual(2);
    const rows = await Promise.all(to.map(async (address) => (await outboxTo(address))[0]!));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(to.map(() => ['pending', 0]));
    // Each throttling answer pushed the next send back by a second.
    expect(clock.sleeps.filter((ms) => ms >= 1000).length).toBeGreaterThanOrEqual(2);
    // A later run (a new process: its own sending rate) sends them all.
    const later = createHarness();
    await deliverMail(later, new Date(now.getTime() + 10 * 60_000));
    for (const address of to) expect(later.mailer.to(address)).toHaveLength(1);
  });
});

describe("SES's sending rate", () => {
  it('the job sends at most MAIL_RATE_PER_SECOND a second (a clock of its own: no waiting) and stops at its time budget', async () => {
    const h = createHarness({ config: { mailRatePerSecond: 2 } });
    const now = new Date();
    const { to, ids } = await queue(12, now, 'takt');
    const clock = new TestClock(now.getTime());
    const sentAt = new Map<string, number>();
    h.mailer.send = (m) => {
      sentAt.set(m.to, clock.now());
      return Promise.resolve(undefined);
    };
    const report = await deliverDueMail(h, now, { clock, budgetMs: 4_000 });
    const times = to.filter((address) => sentAt.has(address)).map((address) => sentAt.get(address)!);
    // Other tests' due mail is sent in the same run: only what this test queued is checked.
    expect(times.length).toBeGreaterThanOrEqual(1);
    const all = [...sentAt.values()].sort((a, b) => a - b);
    for (let i = 1; i < all.length; i += 1) expect(all[i]! - all[i - 1]!).toBeGreaterThanOrEqual(500);
    // In any one second of the run, at most two sends.
    for (const start of all) expect(all.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(2);
    expect(all.length).toBeLessThanOrEqual(9);
    expect(report.left).toBeGreaterThan(0);
    await retire(ids);
  });

  it('a request sends its own mail at once, and leaves it to the job when the rate is used up', async () => {
    const h = createHarness({ config: { mailRatePerSecond: 1 } });
    const first = uniqueEmail();
    await signUp(h, first);
    expect(h.mailer.to(first)).toHaveLength(1);
    // The process's next sending slots are taken (a burst of sign-ups): the next slot is 5 s away.
    const rate = sendRateFor(h.mailer, 1);
    for (let i = 0; i < 5; i += 1) rate.reserve(Date.now());
    const second = uniqueEmail();
    const started = Date.now();
    await signUp(h, second);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(h.mailer.to(second)).toEqual([]);
    expect((await outboxTo(second))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const job = createHarness();
    await deliverMail(job);
    expect(job.mailer.last(second).subject).toBe(mail.confirmSubject);
  });
});
