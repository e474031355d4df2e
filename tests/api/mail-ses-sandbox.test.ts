import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSesMailer } from '@bedriftstorget/api/adapters/mailer';
import { MailDeliveryError, MAX_ATTEMPTS, UNVERIFIED_RETRY_MAX_MS, unverifiedRetryDelayMs } from '@bedriftstorget/api/mail/deliver';
import { enqueueMails } from '@bedriftstorget/api/mail/outbox';
import { Browser, createHarness, db, deliverMail, tokenFromMail, uniqueEmail, type Harness } from './harness';
import { startFakeAws, type FakeAws } from './fake-aws';
import { outboxTo } from './mail-helpers';

/**
 * The weeks before SES is set up (decision 110): the stage's sender not yet verified, then the
 * account in the sandbox, where SES refuses every recipient that is not a verified address. SES
 * answers both with MessageRejected; the real SESv2 client sends to a local fake that answers as
 * SES does (tests/api/fake-aws.ts). No mail is lost and no run fails meanwhile; each goes out once
 * SES lets it.
 */
const SENDER = 'drift+test@bedriftstorget.no';
let aws: FakeAws;

beforeAll(async () => {
  aws = await startFakeAws();
});
afterAll(() => aws?.close());

/** A harness whose mail goes through the real SES client to the fake; what SES accepted is also kept as the memory mailer keeps it. */
function throughSes(): Harness {
  const h = createHarness();
  const ses = createSesMailer({ from: SENDER }, undefined, { endpoint: aws.url, region: 'eu-central-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  h.mailer.send = async (mail) => {
    const id = await ses.send(mail);
    h.mailer.sent.push(mail);
    return id;
  };
  return h;
}

const minutes = (n: number) => n * 60_000;

describe('mail SES cannot send yet waits for it, and is never given up', () => {
  it('a confirmation from an unverified sender, then to a sandbox recipient, goes out once production access arrives; no run fails meanwhile', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    Object.assign(aws.ses, { sandbox: true, verified: new Set() });
    const h = throughSes();
    const email = uniqueEmail('sandkasse');
    const browser = new Browser(h);
    await expect(browser.call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }))).resolves.toEqual({ ok: true });
    let [row] = await outboxTo(email);
    expect(row).toMatchObject({ kind: 'confirm', status: 'pending', attempts: 1, lastError: expect.stringMatching(/^MessageRejected: Email address is not verified\..*EU-CENTRAL-1: drift\+test@bedriftstorget\.no/) as unknown });
    expect(row!.nextAttemptAt.getTime() - row!.claimedAt!.getTime()).toBe(unverifiedRetryDelayMs(1));

    // The job tries again and again, past MAX_ATTEMPTS, without failing its run (no cron-errors alarm).
    let at = row!.nextAttemptAt;
    for (let run = 0; run < MAX_ATTEMPTS + 2; run += 1) {
      const report = await deliverMail(h, new Date(at.getTime() + 1));
      expect(report.waiting, `run ${run}`).toBe(1);
      [row] = await outboxTo(email);
      expect(row).toMatchObject({ status: 'pending', attempts: run + 2 });
      expect(row!.nextAttemptAt.getTime() - row!.claimedAt!.getTime()).toBe(Math.min(unverifiedRetryDelayMs(run + 2), UNVERIFIED_RETRY_MAX_MS));
      at = row!.nextAttemptAt;
    }
    expect(row!.nextAttemptAt.getTime() - row!.claimedAt!.getTime()).toBe(minutes(60));

    // The sender's link is clicked; the account is still in the sandbox, so the recipient is refused now.
    aws.ses.verified!.add(SENDER);
    await deliverMail(h, new Date(at.getTime() + 1));
    [row] = await outboxTo(email);
    expect(row).toMatchObject({ status: 'pending', lastError: expect.stringContaining(`EU-CENTRAL-1: ${email}`) as unknown });
    expect(aws.mails.filter((m) => m.to.includes(email))).toEqual([]);

    // Production access: the next run sends it, and the link in it works.
    aws.ses.sandbox = false;
    const report = await deliverMail(h, new Date(row!.nextAttemptAt.getTime() + 1));
    expect(report).toMatchObject({ waiting: 0, failed: 0 });
    expect((await outboxTo(email))[0]).toMatchObject({ status: 'sent', lastError: null });
    expect(aws.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    await browser.call((c) => c.auth.confirmEmail({ token: tokenFromMail(h.mailer, email, '/auth/bekreft') }));
    expect(await browser.call((c) => c.auth.me())).toMatchObject({ email });
  });

  it("a job's mail to a sandbox recipient waits without failing the run; the mailbox simulator's addresses go through", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    Object.assign(aws.ses, { sandbox: true, verified: new Set([SENDER]) });
    const h = throughSes();
    const now = new Date();
    const waiting = uniqueEmail('paminnelse');
    const simulator = `success+${crypto.randomUUID().slice(0, 8)}@simulator.amazonses.com`;
    await enqueueMails(db, [waiting, simulator].map((to) => ({ kind: 'draft_reminder' as const, to, subject: 'Påminnelse', text: 'Hei', links: [] })), now);
    const report = await deliverMail(h, now);
    expect(report).toMatchObject({ waiting: 1, failed: 0, unknown: 0 });
    expect(report.sent).toBeGreaterThanOrEqual(1);
    expect((await outboxTo(waiting))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await outboxTo(simulator))[0]).toMatchObject({ status: 'sent' });
  });

  it('a MessageRejected for anything else stays permanent: given up at once, and the run fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    Object.assign(aws.ses, { sandbox: false, verified: null });
    const h = createHarness();
    const now = new Date();
    const to = uniqueEmail('for-lang');
    await enqueueMails(db, [{ kind: 'draft_reminder', to, subject: 'Påminnelse', text: 'Hei', links: [] }], now);
    const { MessageRejected } = await import('@aws-sdk/client-sesv2');
    h.mailer.send = () => Promise.reject(new MessageRejected({ message: 'Message length is more than 10485760 bytes long: 10485761.', $metadata: { httpStatusCode: 400 } }));
    await expect(deliverMail(h, now)).rejects.toBeInstanceOf(MailDeliveryError);
    expect((await outboxTo(to))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
