import { describe, expect, it } from 'vitest';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { bulkAdminListings } from '@bedriftstorget/api/admin/listings';
import { matchQueuedListings } from '@bedriftstorget/api/saved-search/match';
import { digestTime, sendSavedSearchAlerts } from '@bedriftstorget/api/saved-search/send';
import { savedSearchQueue } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { createListing } from './fixtures';
import { alertsTo, alertWorld, runAlertJob } from './saved-search-helpers';
import { db, deliverMail, signedInUser, type Harness } from './harness';
import { seen } from './admin-helpers';

/** The alerts step and the outbox step after it, as one run of the job at `now`. */
async function sendAlerts(h: Harness, now: Date) {
  await sendSavedSearchAlerts(h, now);
  await deliverMail(h, now);
}

describe('saved-search alerts', () => {
  it("'Sett aktiv' (bulk) queues too; nothing for the buyer's own listing; 'Aldri' gets nothing", async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Alt', alerts: 'instant', filters: { q: word } }));
    const never = await signedInUser(h);
    await never.browser.call((c) => c.savedSearch.create({ name: 'Stille', alerts: 'never', filters: { q: word } }));
    const own = await createListing(buyer.userId, { status: 'inactive', title: `Eget ${word}` });
    const theirs = await createListing(seller.userId, { status: 'inactive', title: `Deres ${word}` });
    await bulkAdminListings(h, admin.userId, [own, theirs], 'active');
    expect((await db.select().from(savedSearchQueue)).map((r) => r.listingId)).toEqual(expect.arrayContaining([own, theirs]));
    await runAlertJob(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Deres ${word}`);
    expect(mails[0]!.text).not.toContain(`Eget ${word}`);
    expect(alertsTo(h, never.email)).toEqual([]);
  });

  it("'Daglig': one digest a day with every new listing, from 07:00 Oslo time", async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Hver dag', alerts: 'daily', filters: { q: word } }));
    const day = new Date('2026-06-10T12:00:00Z');
    expect(digestTime(day).toISOString()).toBe('2026-06-10T05:00:00.000Z'); // 07:00 summer time
    expect(digestTime(new Date('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-01-10T06:00:00.000Z');
    const a = await createListing(seller.userId, { status: 'pending', title: `Første ${word}` });
    const b = await createListing(seller.userId, { status: 'pending', title: `Andre ${word}` });
    await reviewListings(h, admin.userId, await seen([a, b]), 'approve');
    await matchQueuedListings(h.db);
    // The job serves every search in the database (other tests' too): what counts is this buyer's mail.
    await sendAlerts(h, new Date('2026-06-10T04:30:00Z')); // 06:30 in Oslo: not yet
    expect(alertsTo(h, buyer.email)).toEqual([]);
    await sendAlerts(h, day);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
    const digest = alertsTo(h, buyer.email).at(-1)!;
    expect(digest.subject).toBe('Dagens nye annonser for «Hver dag»: 2');
    expect(digest.text).toContain(`Første ${word}`);
    expect(digest.text).toContain(`Andre ${word}`);

    const c = await createListing(seller.userId, { status: 'pending', title: `Tredje ${word}` });
    await reviewListings(h, admin.userId, await seen([c]), 'approve');
    await matchQueuedListings(h.db);
    await sendAlerts(h, new Date('2026-06-10T20:00:00Z')); // same day
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
    await sendAlerts(h, new Date('2026-06-11T05:15:00Z')); // next morning
    expect(alertsTo(h, buyer.email)).toHaveLength(2);
    expect(alertsTo(h, buyer.email).at(-1)!.text).toContain(`Tredje ${word}`);
    expect(alertsTo(h, buyer.email).at(-1)!.text).not.toContain(`Første ${word}`);
  });
});
