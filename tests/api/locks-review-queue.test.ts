import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { runReviewQueue } from '@bedriftstorget/api/admin/review-queue';
import { sendDraftReminders } from '@bedriftstorget/api/jobs/draft-reminders';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { hoursBefore, listingRow, signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, deliverMail, LOCK_TEST_TIMEOUT, type MemoryMailer, signedInUser, uniqueEmail } from './harness';
import { sesOutage } from './mail-helpers';

/** The alerts one admin got that name this listing. */
const alertsAbout = (mailer: MemoryMailer, adminEmail: string, id: string) => mailer.to(adminEmail).filter((mail) => mail.links.some((l) => l.endsWith(`/bedrift/${id}`)));

/**
 * Transactions and row locks under concurrency (decision 003). These files run twice: in the `api`
 * project through mysql2, and in `api-planetscale` through PlanetScale's HTTP driver and the local
 * stand-in for its API (decision 010), where every statement is its own HTTP call.
 */

describe('the review queue job, runs overlapping', () => {
  it('sends each alert once when runs overlap (three at once on one pool of connections)', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const now = new Date();
    const ids = await Promise.all([21, 22, 23, 25].map((hours) => createListing(owner.userId, { status: 'pending', createdAt: hoursBefore(now, hours) })));
    const results = await Promise.all([runReviewQueue(h, now), runReviewQueue(h, now), runReviewQueue(h, now)]);
    // The outbox steps of three runs at once, too: each queued mail is claimed by one of them.
    await Promise.all([deliverMail(h, now), deliverMail(h, now), deliverMail(h, now)]);
    for (const id of ids) expect(alertsAbout(h.mailer, admin.email, id)).toHaveLength(1);
    expect(results.reduce((sum, r) => sum + r.alerted, 0)).toBeGreaterThanOrEqual(ids.length);
  });

  it('a claimed listing always has its alert queued: a refused send is sent by a later run, never lost', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const now = new Date();
    const id = await createListing(owner.userId, { status: 'pending', createdAt: hoursBefore(now, 21) });
    const send = h.mailer.send.bind(h.mailer);
    h.mailer.send = () => Promise.reject(sesOutage());
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await runReviewQueue(h, now);
    expect((await deliverMail(h, now)).retrying).toBeGreaterThanOrEqual(1);
    warned.mockRestore();
    expect((await listingRow(id))?.reviewAlertedAt).toEqual(now);
    expect(alertsAbout(h.mailer, admin.email, id)).toEqual([]);
    h.mailer.send = send;
    // The claim stands (no second alert is queued); the outbox tries the same mail again after its back-off.
    await runReviewQueue(h, now);
    await deliverMail(h, new Date(now.getTime() + 2 * 60_000));
    expect(alertsAbout(h.mailer, admin.email, id)).toHaveLength(1);
  });
});

describe('guest draft reminders, runs overlapping', () => {
  it('sends each due reminder once, even with overlapping runs, and never a cancelled or future one', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const now = new Date();
    const [due, future, cancelled, sent] = [uniqueEmail('utkast'), uniqueEmail('utkast'), uniqueEmail('utkast'), uniqueEmail('utkast')];
    await db.insert(draftReminders).values([
      { email: due, title: 'Kafé i Bodø', remindAfter: hoursBefore(now, 1) },
      { email: future, title: null, remindAfter: hoursBefore(now, -1) },
      { email: cancelled, title: null, remindAfter: hoursBefore(now, 1), cancelledAt: hoursBefore(now, 2) },
      { email: sent, title: null, remindAfter: hoursBefore(now, 5), sentAt: hoursBefore(now, 4) },
    ]);
    await Promise.all([sendDraftReminders(h, now), sendDraftReminders(h, now), sendDraftReminders(h, now)]);
    await deliverMail(h, now);
    expect(h.mailer.to(due)).toHaveLength(1);
    expect(h.mailer.to(due)[0]).toMatchObject({ links: [`${h.config.appUrl}/legg-ut-annonse`] });
    expect(h.mailer.to(due)[0]?.text).not.toContain('Kafé i Bodø'); // nobody confirmed the address: none of the visitor's text
    for (const email of [future, cancelled, sent]) expect(h.mailer.to(email)).toEqual([]);
    const [row] = await db.select().from(draftReminders).where(eq(draftReminders.email, due));
    expect(row?.sentAt).toEqual(now);
    await sendDraftReminders(h, new Date(now.getTime() + 7_200_000));
    await deliverMail(h, new Date(now.getTime() + 7_200_000));
    expect(h.mailer.to(due)).toHaveLength(1);
    expect(h.mailer.to(future)).toHaveLength(1);
  });
});
