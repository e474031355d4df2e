import { describe, expect, it, vi } from 'vitest';
import { runReviewQueue } from '@bedriftstorget/api/admin/review-queue';
import { runScheduledJobs } from '@bedriftstorget/api/jobs/scheduled';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { hoursBefore, listingRow, signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, deliverMail, signedInUser, uniqueEmail, type MemoryMailer } from './harness';

/** The alerts one admin got that name this listing. */
const alertsAbout = (mailer: MemoryMailer, adminEmail: string, id: string) => mailer.to(adminEmail).filter((mail) => mail.links.some((l) => l.endsWith(`/bedrift/${id}`)));

describe('the review queue job', () => {
  it('alerts every admin once at 20 hours, not before, and counts listings past the promise (48 hours by default) as overdue', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const other = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const now = new Date();
    const young = await createListing(owner.userId, { status: 'pending', createdAt: hoursBefore(now, 19.9) });
    const near = await createListing(owner.userId, { status: 'pending', title: 'Frisør nær fristen', createdAt: hoursBefore(now, 20.5) });
    const late = await createListing(owner.userId, { status: 'pending', createdAt: hoursBefore(now, 50) });
    const approved = await createListing(owner.userId, { status: 'active', createdAt: hoursBefore(now, 30) });

    const first = await runReviewQueue(h, now);
    await deliverMail(h, now);
    expect(first.alerted).toBeGreaterThanOrEqual(2);
    expect(first.overdue).toBeGreaterThanOrEqual(1);
    for (const email of [admin.email, other.email]) {
      expect(alertsAbout(h.mailer, email, near)).toHaveLength(1);
      expect(alertsAbout(h.mailer, email, late)).toHaveLength(1);
      expect(alertsAbout(h.mailer, email, young)).toHaveLength(0);
      expect(alertsAbout(h.mailer, email, approved)).toHaveLength(0);
    }
    const mail = alertsAbout(h.mailer, admin.email, near)[0]!;
    expect(mail.text).toContain('Frisør nær fristen (20 timer)');
    expect(mail.links[0]).toBe(`${h.config.appUrl}/admin/pending`);
    expect(h.mailer.to(owner.email).filter((m) => m.links.some((l) => l.includes('/bedrift/')))).toEqual([]);
    expect((await listingRow(near))?.reviewAlertedAt).toEqual(now);

    // The next run, and a later one, send nothing more about them; the young one is alerted once it turns 20 hours.
    await runReviewQueue(h, now);
    await runReviewQueue(h, new Date(now.getTime() + 3_600_000));
    await deliverMail(h, new Date(now.getTime() + 3_600_000));
    expect(alertsAbout(h.mailer, admin.email, near)).toHaveLength(1);
    expect(alertsAbout(h.mailer, admin.email, late)).toHaveLength(1);
    expect(alertsAbout(h.mailer, admin.email, young)).toHaveLength(1);
  });
});

describe('runScheduledJobs', () => {
  it('runs every step, logs a failed one and goes on with the rest', async () => {
    const h = createHarness();
    const email = uniqueEmail('utkast');
    await db.insert(draftReminders).values({ email, title: null, remindAfter: hoursBefore(new Date(), 1) });
    // Housekeeping only deletes; a database whose delete fails breaks that step alone.
    const failingDelete = new Proxy(db, {
      get: (target, key, receiver): unknown => (key === 'delete' ? () => { throw new Error('delete feilet'); } : Reflect.get(target, key, receiver)),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const summary = await runScheduledJobs({ ...h, db: failingDelete });
    expect(logged).toHaveBeenCalledWith('scheduled step housekeeping failed', expect.any(Error));
    logged.mockRestore();
    expect(summary.housekeeping).toEqual({ ok: false, error: 'delete feilet' });
    expect(summary.reviewQueue?.ok).toBe(true);
    expect(summary.draftReminders?.ok).toBe(true);
    expect(h.mailer.to(email)).toHaveLength(1);
  });
});
