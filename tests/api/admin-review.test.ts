import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminStats } from '@bedriftstorget/api/admin/overview';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { leads } from '@bedriftstorget/core/message/message.sql';
import { logActionLabel, loggedActions, rejectDialog, reviewMail } from '@bedriftstorget/core/texts/admin';
import { hoursBefore, listingRow, logCount, logOf, seen, signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

/** Older than anything other tests create, so these lead the oldest-first queue. */
const ancient = (minutes: number) => new Date(Date.UTC(1990, 0, 1) + minutes * 60_000);

describe('the review queue on the overview', () => {
  it('shows at most 10 pending listings, oldest first, with their age against 24 hours', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const ids: string[] = [];
    for (let i = 0; i < 11; i += 1) ids.push(await createListing(owner.userId, { status: 'pending', title: `Kø-annonse ${i}`, createdAt: ancient(i) }));
    const fresh = await createListing(owner.userId, { status: 'pending', createdAt: hoursBefore(new Date(), 2) });

    const queue = await admin.browser.call((c) => c.admin.overview.queue());
    expect(queue).toHaveLength(10);
    expect(queue.map((item) => item.id)).toEqual(ids.slice(0, 10));
    expect(queue[0]).toMatchObject({ title: 'Kø-annonse 0', ownerEmail: owner.email, overdue: true, nearLimit: true });
    expect(queue.some((item) => item.id === fresh)).toBe(false);

    // Approving the first ten leaves the eleventh at the head.
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen(ids.slice(0, 10))) }));
    const next = await admin.browser.call((c) => c.admin.overview.queue());
    expect(next[0]?.id).toBe(ids[10]);
    await admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([ids[10]!])), reason: 'incomplete' }));
    const freshItem = (await admin.browser.call((c) => c.admin.overview.queue())).find((item) => item.id === fresh);
    expect(freshItem).toMatchObject({ ageHours: 2, nearLimit: false, overdue: false });
  });

  it('counts listings by status, and users and leads of the last 7 days', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const before = await admin.browser.call((c) => c.admin.overview.stats());
    const buyer = await signedInUser(h);
    // Past the promise (48 hours by default): overdue.
    const listing = await createListing(buyer.userId, { status: 'pending', createdAt: hoursBefore(new Date(), 50) });
    await createListing(buyer.userId, { status: 'sold' });
    await db.insert(leads).values([
      { listingId: listing, buyerId: buyer.userId, buyerName: 'Kari', buyerEmail: buyer.email, message: 'Hei' },
      { listingId: listing, buyerId: buyer.userId, buyerName: 'Kari', buyerEmail: buyer.email, message: 'Gammel', createdAt: hoursBefore(new Date(), 8 * 24) },
    ]);
    const after = await admin.browser.call((c) => c.admin.overview.stats());
    expect(after.byStatus.pending - before.byStatus.pending).toBe(1);
    expect(after.byStatus.sold - before.byStatus.sold).toBe(1);
    expect(after.overdue - before.overdue).toBe(1);
    expect(after.newUsers - before.newUsers).toBe(1);
    expect(after.newLeads - before.newLeads).toBe(1);
  });

  it('counts only users of the last 7 days (checked in a window no other test writes to)', async () => {
    // Every other test creates users "now"; these are dated a year ahead, so the window holds only them.
    const future = new Date(Date.now() + 365 * 24 * 3600_000);
    const h = createHarness();
    const [recent, old] = [await signedInUser(h), await signedInUser(h)];
    await db.update(users).set({ createdAt: hoursBefore(future, 24) }).where(eq(users.id, recent.userId));
    await db.update(users).set({ createdAt: hoursBefore(future, 8 * 24) }).where(eq(users.id, old.userId));
    expect((await adminStats(db, future)).newUsers).toBe(1);
  });
});

describe('approve and reject', () => {
  it('reject sets rejected, mails the owner a link to Mine annonser and logs one entry', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { status: 'pending' });
    await admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([id])), reason: 'terms', note: 'Mangler regnskap' }));
    expect(await listingRow(id)).toMatchObject({ status: 'rejected', publishedAt: null, isPublic: false });
    expect(h.mailer.last(owner.email).links).toEqual([`${h.config.appUrl}/mine-annonser`]);
    expect(await logOf(admin.userId)).toMatchObject([{ action: loggedActions.rejectedListing, targetId: id }]);
  });
});

describe('reject with a reason', () => {
  it('mails the owner the reason and the note, and the log shows them', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { status: 'pending', title: 'Kafé med grunn' });
    await admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([id])), reason: 'incomplete', note: ' Legg ved regnskap for 2025. ' }));
    const mail = h.mailer.last(owner.email);
    expect(mail.subject).toBe(reviewMail.rejectedSubject('Kafé med grunn'));
    expect(mail.text).toContain(`Grunn: ${rejectDialog.reasons.incomplete}\nLegg ved regnskap for 2025.`);
    const log = await admin.browser.call((c) => c.admin.log.list());
    expect(log.find((entry) => entry.targetId === id)).toMatchObject({ reason: `${rejectDialog.reasons.incomplete}: Legg ved regnskap for 2025.` });
  });

  it('refuses without a reason, and "Annet" without a note, changing nothing', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { status: 'pending' });
    await expect(admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([id])) } as never))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(rejectDialog.reasonRequired) as unknown as string });
    await expect(admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([id])), reason: 'other', note: '  ' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(rejectDialog.noteRequired) as unknown as string });
    await expect(reviewListings(h, admin.userId, await seen([id]), 'reject')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await listingRow(id))?.status).toBe('pending');
    expect(await logCount(admin.userId)).toBe(0);
  });

  it('a bulk rejection logs the reason and lists the titles it touched', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const a = await createListing(owner.userId, { status: 'pending', title: 'Bulk A' });
    const b = await createListing(owner.userId, { status: 'pending', title: 'Bulk B' });
    await admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([a, b])), reason: 'duplicate' }));
    const log = await admin.browser.call((c) => c.admin.log.list());
    const entry = log.find((row) => row.action === loggedActions.bulk('reject') && row.targets.includes('Bulk A'));
    expect(entry).toMatchObject({ reason: rejectDialog.reasons.duplicate, targetId: null });
    expect(entry?.targets.sort()).toEqual(['Bulk A', 'Bulk B']);
    expect(loggedActions.bulk('reject')).toBe('Massehandling: avslo');
    expect(logActionLabel('Bulk approve')).toBe('Massehandling: godkjente');
  });
});
