import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { rateLimits } from '@bedriftstorget/core/auth/auth.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import { addressSubject, windowKey } from '@bedriftstorget/api/auth/rate-limit';
import { RATE_LIMITS } from '@bedriftstorget/api/auth/rate-limit-rules';
import { scrubAccessRequestMail, scrubMentions, scrubOwnMail, scrubRateLimits } from '@bedriftstorget/api/privacy/scrub';
import { db, signedInUser, createHarness, testConfig, uniqueEmail } from './harness';

/**
 * What 'Slett konto' scrubs from rows that are not the account's own (privacy/scrub.ts, decisions 088,
 * 107, 134), each step on rows made for it: the address's rate-limit windows of the last day, the
 * account's own mail, the mails to the people it wrote with that name it, the admin log, and the
 * sellers' 'Be om tilgang' mails.
 */
const h = createHarness();
const config = testConfig();
const HOUR = 60 * 60 * 1000;
let counterpart: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  counterpart = await signedInUser(h);
});

type Mail = Partial<typeof mailOutbox.$inferInsert> & Pick<typeof mailOutbox.$inferInsert, 'toAddress' | 'kind' | 'body'>;
async function mail(row: Mail): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(mailOutbox).values({ id, subject: 'Emne', links: ['https://bedriftstorget.no/meldinger'], nextAttemptAt: new Date(), ...row });
  return id;
}
const mailRow = async (id: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('the address’s rate-limit windows', () => {
  it('go for every rule that counts by address, back a whole day; other addresses’ and other rules’ stay', async () => {
    const email = uniqueEmail('slettes');
    const subject = addressSubject(config, email);
    const now = new Date();
    const byAddress = Object.values(RATE_LIMITS).filter((rule) => rule.keyedBy === 'email');
    expect(byAddress.length).toBeGreaterThan(1);
    const keyAt = (rule: (typeof byAddress)[number], ago: number, who = subject) => windowKey(rule, who, now.getTime() - ago).key;
    const gone = byAddress.flatMap((rule) => [0, 5 * HOUR, 23 * HOUR, 24 * HOUR].map((ago) => keyAt(rule, ago)));
    const other = addressSubject(config, uniqueEmail('blir'));
    const kept = [...byAddress.map((rule) => keyAt(rule, 0, other)), `signin-ip:${subject}:1`];
    await db.insert(rateLimits).values([...new Set([...gone, ...kept])].map((key) => ({ key, windowStartedAt: now, hits: 1 })));
    await db.transaction((tx) => scrubRateLimits(tx, config, email, now));
    const left = (await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, [...gone, ...kept]))).map((row) => row.key).sort();
    expect(left).toEqual([...kept].sort());
  });
});

describe('the account’s own mail', () => {
  it('loses address, subject, text, links and headers; a pending one is never sent; the goodbye mail is kept', async () => {
    const email = uniqueEmail('egen');
    const pending = await mail({ toAddress: email, kind: 'message', body: 'Hei Kari', headers: { 'List-Unsubscribe': '<x>' } });
    const sent = await mail({ toAddress: email, kind: 'message', body: 'Sendt før', status: 'sent' });
    const goodbye = await mail({ toAddress: email, kind: 'account_deleted', body: 'Ha det' });
    await db.transaction((tx) => scrubOwnMail(tx, email, goodbye));
    for (const [id, status] of [[pending, 'suppressed'], [sent, 'sent']] as const) {
      expect(await mailRow(id)).toMatchObject({ status, toAddress: '', subject: '', body: '', links: [], headers: null, lastError: 'kontoen er slettet' });
    }
    expect(await mailRow(goodbye)).toMatchObject({ toAddress: email, body: 'Ha det', status: 'pending' });
  });
});

describe('mentions in others’ records', () => {
  it('say ‘Slettet bruker’ in the message and inquiry mails to the people written with, names of three letters or more only', async () => {
    const userId = crypto.randomUUID();
    const about = await mail({ toAddress: counterpart.email, kind: 'message', subject: 'Ny melding fra Kari Nordmann', body: 'Kari Nordmann skrev: Hei Al og alle' });
    const lead = await mail({ toAddress: counterpart.email, kind: 'lead', body: 'Fra: Kari Nordmann <kari@eksempel.no>' });
    const alert = await mail({ toAddress: counterpart.email, kind: 'saved_search', body: 'Kari Nordmann' });
    const stranger = await mail({ toAddress: uniqueEmail('fremmed'), kind: 'message', body: 'Kari Nordmann' });
    await db.transaction((tx) => scrubMentions(tx, userId, [counterpart.userId], ['Kari Nordmann', 'kari@eksempel.no', ' Al ', 'Al']));
    const deleted = accountDeletion.deletedUser;
    expect(await mailRow(about)).toMatchObject({ subject: `Ny melding fra ${deleted}`, body: `${deleted} skrev: Hei Al og alle` });
    expect((await mailRow(lead)).body).toBe(`Fra: ${deleted} <${deleted}>`);
    expect((await mailRow(alert)).body).toBe('Kari Nordmann');
    expect((await mailRow(stranger)).body).toBe('Kari Nordmann');
  });

  it('leave the admin log entries about the account, or naming it, with their ids and no details; others keep theirs', async () => {
    const userId = crypto.randomUUID();
    const [about, naming, other] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(adminLogs).values([
      { id: about, action: 'user.update', targetType: 'profile', targetId: userId, details: { note: 'endret navn' } },
      { id: naming, action: 'listing.reject', targetType: 'listing', targetId: crypto.randomUUID(), details: { owner: 'kari@eksempel.no' } },
      { id: other, action: 'listing.reject', targetType: 'listing', targetId: crypto.randomUUID(), details: { owner: 'ola@eksempel.no' } },
    ]);
    await db.transaction((tx) => scrubMentions(tx, userId, [], ['kari@eksempel.no']));
    const details = Object.fromEntries((await db.select().from(adminLogs).where(inArray(adminLogs.id, [about, naming, other]))).map((row) => [row.id, row.details]));
    expect(details).toEqual({ [about]: null, [naming]: null, [other]: { owner: 'ola@eksempel.no' } });
  });
});

describe('the sellers’ access-request mails', () => {
  it('lose their text at once, a pending one is never sent; other kinds and other buyers’ requests stay', async () => {
    const email = uniqueEmail('kjoper');
    const pending = await mail({ toAddress: counterpart.email, kind: 'access_request', body: `Fra ${email}: vil se regnskapet` });
    const sent = await mail({ toAddress: counterpart.email, kind: 'access_request', body: `Fra ${email}`, status: 'sent' });
    const otherBuyer = await mail({ toAddress: counterpart.email, kind: 'access_request', body: 'Fra ola@eksempel.no' });
    const message = await mail({ toAddress: counterpart.email, kind: 'message', body: `Fra ${email}` });
    await db.transaction((tx) => scrubAccessRequestMail(tx, [counterpart.userId], email));
    expect(await mailRow(pending)).toMatchObject({ status: 'suppressed', body: '', lastError: 'kjøperen har slettet kontoen' });
    expect(await mailRow(sent)).toMatchObject({ status: 'sent', body: '' });
    expect((await mailRow(otherBuyer)).body).toBe('Fra ola@eksempel.no');
    expect((await mailRow(message)).body).toBe(`Fra ${email}`);
  });
});
