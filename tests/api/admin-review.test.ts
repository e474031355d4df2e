import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminStats } from '@bedriftstorget/api/admin/overview';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { ADMIN_CHANNEL, type RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { adminEvents } from '@bedriftstorget/core/admin/events';
import { leads } from '@bedriftstorget/core/message/message.sql';
import { adminListings, loggedActions, overview } from '@bedriftstorget/core/texts/admin';
import { hoursBefore, listingRow, logCount, logOf, signedInAdmin } from './admin-helpers';
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
    await admin.browser.call((c) => c.admin.review.approve({ ids: ids.slice(0, 10) }));
    const next = await admin.browser.call((c) => c.admin.overview.queue());
    expect(next[0]?.id).toBe(ids[10]);
    await admin.browser.call((c) => c.admin.review.reject({ ids: [ids[10]!] }));
    const freshItem = (await admin.browser.call((c) => c.admin.overview.queue())).find((item) => item.id === fresh);
    expect(freshItem).toMatchObject({ ageHours: 2, nearLimit: false, overdue: false });
  });

  it('counts listings by status, and users and leads of the last 7 days', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const before = await admin.browser.call((c) => c.admin.overview.stats());
    const buyer = await signedInUser(h);
    const listing = await createListing(buyer.userId, { status: 'pending', createdAt: hoursBefore(new Date(), 30) });
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
  it('approve publishes the listing, mails its owner, logs one entry and tells the other admins', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { status: 'pending', title: 'Kafé på Grünerløkka' });
    const events: RealtimeEvent[] = [];
    h.realtime.subscribe(ADMIN_CHANNEL, (event) => events.push(event));

    expect(await admin.browser.call((c) => c.admin.review.approve({ ids: [id] }))).toEqual({ changed: [id], skipped: [] });
    const row = await listingRow(id);
    expect(row).toMatchObject({ status: 'active', isPublic: true });
    expect(row?.publishedAt).toBeInstanceOf(Date);
    const mail = h.mailer.last(owner.email);
    expect(mail.subject).toContain('Kafé på Grünerløkka');
    expect(mail.links).toEqual([`${h.config.appUrl}/bedrift/${id}`]);
    expect(await logOf(admin.userId)).toMatchObject([{ action: loggedActions.approvedListing, targetType: 'listing', targetId: id }]);
    expect(events).toEqual([{ type: adminEvents.reviewed }]);

    // A second approve (another admin's stale screen) neither re-publishes nor mails again.
    const publishedAt = row!.publishedAt;
    await expect(admin.browser.call((c) => c.admin.review.approve({ ids: [id] }))).rejects.toMatchObject({ code: 'CONFLICT', message: overview.alreadyReviewed });
    expect((await listingRow(id))?.publishedAt).toEqual(publishedAt);
    expect(h.mailer.to(owner.email).filter((m) => m.links.includes(`${h.config.appUrl}/bedrift/${id}`))).toHaveLength(1);
    expect(await logCount(admin.userId)).toBe(1);
  });

  it('reject sets rejected, mails the owner a link to Mine annonser and logs one entry', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { status: 'pending' });
    await admin.browser.call((c) => c.admin.review.reject({ ids: [id] }));
    expect(await listingRow(id)).toMatchObject({ status: 'rejected', publishedAt: null, isPublic: false });
    expect(h.mailer.last(owner.email).links).toEqual([`${h.config.appUrl}/mine-annonser`]);
    expect(await logOf(admin.userId)).toMatchObject([{ action: loggedActions.rejectedListing, targetId: id }]);
  });

  it('bulk approve changes the pending ones in one entry and skips those already handled', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const a = await createListing(owner.userId, { status: 'pending' });
    const b = await createListing(owner.userId, { status: 'pending' });
    const done = await createListing(owner.userId, { status: 'rejected' });
    const result = await admin.browser.call((c) => c.admin.review.approve({ ids: [a, b, done] }));
    expect(result.changed.sort()).toEqual([a, b].sort());
    expect(result.skipped).toEqual([done]);
    expect((await listingRow(done))?.status).toBe('rejected');
    expect(h.mailer.to(owner.email).filter((m) => m.subject.startsWith('Annonsen din er publisert'))).toHaveLength(2);
    const log = await logOf(admin.userId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: loggedActions.bulk('approve'), targetId: null });
  });

  it('a bulk call is all or nothing: an unknown id, or a failure while logging, changes no listing', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const a = await createListing(owner.userId, { status: 'pending' });
    const b = await createListing(owner.userId, { status: 'pending' });
    await expect(admin.browser.call((c) => c.admin.review.reject({ ids: [a, crypto.randomUUID(), b] }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: adminListings.notFound,
    });
    // The log entry is written last in the transaction; an admin id without a user breaks its foreign key.
    await expect(reviewListings(h, crypto.randomUUID(), [a, b], 'approve')).rejects.toThrow();
    expect((await listingRow(a))?.status).toBe('pending');
    expect((await listingRow(b))?.status).toBe('pending');
    expect(h.mailer.to(owner.email).filter((m) => !m.links.some((l) => l.includes('/auth/')))).toEqual([]);
    expect(await logCount(admin.userId)).toBe(0);
  });
});
