import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { listingReviews } from '@bedriftstorget/core/settings/settings.sql';
import { adminListings, loggedActions, reviewMail } from '@bedriftstorget/core/texts/admin';
import { seen } from './admin-helpers';
import { createListing } from './fixtures';
import { db } from './harness';
import { published, row } from './revision-helpers';

/**
 * Decision 106, addendum: 'Sett aktiv' and 'Marker solgt' in /admin/annonser (row, dialog, bulk) never
 * publish a listing waiting for review — they named no version, so a seller's save after staff opened
 * the table would have gone out unread. They are refused and change nothing; the queue approves.
 */
const logsOf = (ids: string[]) => db.select().from(adminLogs).where(inArray(adminLogs.targetId, ids));
const reviewsOf = (ids: string[]) => db.select().from(listingReviews).where(inArray(listingReviews.listingId, ids));

describe("'Sett aktiv' on a listing waiting for review", () => {
  it('is refused from the row, the dialog and the bulk bar; nothing changes, is logged or mailed; the queue approves it', async () => {
    const w = await published('pending');
    const before = await row(w.id);
    const mails = w.h.mailer.to(w.email).length;
    const refusal = { code: 'BAD_REQUEST', message: adminListings.approveInQueue([before.title]) };
    for (const status of ['active', 'sold'] as const) {
      await expect(w.admin.browser.call((c) => c.admin.listings.update({ id: w.id, patch: { status } }))).rejects.toMatchObject(refusal);
      // The dialog's save with a changed text too: all or nothing.
      await expect(w.admin.browser.call((c) => c.admin.listings.update({ id: w.id, patch: { status, location: 'Bodø' } }))).rejects.toMatchObject(refusal);
    }

    // A bulk selection with one waiting listing among published ones: the whole batch is refused, naming each waiting title.
    const other = await published('pending');
    const archived = await createListing(w.userId, { status: 'archived' });
    const titles = [before.title, (await row(other.id)).title].sort();
    for (const action of ['active', 'sold'] as const) {
      await expect(w.admin.browser.call((c) => c.admin.listings.bulk({ ids: [archived, w.id, other.id], action }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: adminListings.approveInQueue(titles) });
    }
    for (const id of [w.id, other.id]) expect(await row(id)).toMatchObject({ status: 'pending', publishedAt: null, location: before.location, contentVersion: before.contentVersion });
    expect((await row(archived)).status).toBe('archived');
    expect(await logsOf([w.id, other.id, archived])).toEqual([]);
    expect(await reviewsOf([w.id, other.id])).toEqual([]);
    expect(w.h.mailer.to(w.email)).toHaveLength(mails);

    // What the row and the bulk bar still do to a waiting listing: archive, feature.
    await w.admin.browser.call((c) => c.admin.listings.bulk({ ids: [other.id], action: 'feature' }));
    expect((await row(other.id)).featured).toBe(true);

    // The queue approves the version staff read there, and mails the owner.
    await w.admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([w.id])) }));
    expect((await row(w.id)).status).toBe('active');
    expect((await db.select().from(adminLogs).where(eq(adminLogs.targetId, w.id))).map((entry) => entry.action)).toEqual([loggedActions.approvedListing]);
    expect(w.h.mailer.last(w.email).subject).toBe(reviewMail.publishedSubject(before.title));
  });
});
