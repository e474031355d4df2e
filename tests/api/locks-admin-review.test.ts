import { describe, expect, it } from 'vitest';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { ADMIN_CHANNEL, type RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { adminEvents } from '@bedriftstorget/core/admin/events';
import { adminListings, loggedActions, overview } from '@bedriftstorget/core/texts/admin';
import { listingRow, logCount, logOf, seen, signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, LOCK_TEST_TIMEOUT, signedInUser } from './harness';

/**
 * Transactions and row locks under concurrency (decision 003). These files run twice: in the `api`
 * project through mysql2, and in `api-planetscale` through PlanetScale's HTTP driver and the local
 * stand-in for its API (decision 010), where every statement is its own HTTP call.
 */

describe('approve and reject, once', () => {
  it('approve publishes the listing, mails its owner, logs one entry and tells the other admins', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const id = await createListing(owner.userId, { status: 'pending', title: 'Kafé på Grünerløkka' });
    const events: RealtimeEvent[] = [];
    h.realtime.subscribe(ADMIN_CHANNEL, (event) => events.push(event));

    expect(await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }))).toEqual({ changed: [id], skipped: [] });
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
    await expect(admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([id])) }))).rejects.toMatchObject({ code: 'CONFLICT', message: overview.alreadyReviewed });
    expect((await listingRow(id))?.publishedAt).toEqual(publishedAt);
    expect(h.mailer.to(owner.email).filter((m) => m.links.includes(`${h.config.appUrl}/bedrift/${id}`))).toHaveLength(1);
    expect(await logCount(admin.userId)).toBe(1);
  });

  it('bulk approve changes the pending ones in one entry and skips those already handled', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const a = await createListing(owner.userId, { status: 'pending' });
    const b = await createListing(owner.userId, { status: 'pending' });
    const done = await createListing(owner.userId, { status: 'rejected' });
    const result = await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([a, b, done])) }));
    expect(result.changed.sort()).toEqual([a, b].sort());
    expect(result.skipped).toEqual([done]);
    expect((await listingRow(done))?.status).toBe('rejected');
    expect(h.mailer.to(owner.email).filter((m) => m.subject.startsWith('Annonsen din er publisert'))).toHaveLength(2);
    const log = await logOf(admin.userId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: loggedActions.bulk('approve'), targetId: null });
  });

  it('a bulk call is all or nothing: an unknown id, or a failure while logging, changes no listing', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const a = await createListing(owner.userId, { status: 'pending' });
    const b = await createListing(owner.userId, { status: 'pending' });
    await expect(admin.browser.call(async (c) => c.admin.review.reject({ ...(await seen([a, crypto.randomUUID(), b])), reason: 'duplicate' }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: adminListings.notFound,
    });
    // The log entry is written last in the transaction; an admin id without a user breaks its foreign key.
    await expect(reviewListings(h, crypto.randomUUID(), await seen([a, b]), 'approve')).rejects.toThrow();
    expect((await listingRow(a))?.status).toBe('pending');
    expect((await listingRow(b))?.status).toBe('pending');
    expect(h.mailer.to(owner.email).filter((m) => !m.links.some((l) => l.includes('/auth/')))).toEqual([]);
    expect(await logCount(admin.userId)).toBe(0);
  });
});
