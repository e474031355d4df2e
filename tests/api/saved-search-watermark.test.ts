import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bulkAdminListings } from '@bedriftstorget/api/admin/listings';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { renewListing } from '@bedriftstorget/api/listing/lifecycle';
import { takeStamp } from '@bedriftstorget/api/saved-search/clock';
import { matchQueuedListings, raisePending } from '@bedriftstorget/api/saved-search/match';
import { queueNewlyPublic } from '@bedriftstorget/api/saved-search/queue';
import { sendSavedSearchAlerts } from '@bedriftstorget/api/saved-search/send';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { createListing } from './fixtures';
import { deliverMail, db } from './harness';
import { alertsTo, alertWorld, runAlertJob } from './saved-search-helpers';
import { seen } from './admin-helpers';

/** A promise and its resolve, to hold another run's transaction open at a chosen point. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Alerts by watermark (decision 082): each listing is stamped once by the job's clock, each search
 * remembers the stamp it has been mailed up to. The job serves every search in the database (other
 * tests' too): what counts is this buyer's mail.
 */
describe('saved-search alerts by watermark', () => {
  it('never names a listing twice across runs: not after expiry and renewal, not after archiving and Sett aktiv', async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Alt', alerts: 'instant', filters: { q: word } }));
    const first = await createListing(seller.userId, { status: 'pending', title: `Første ${word}` });
    await reviewListings(h, admin.userId, await seen([first]), 'approve');
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);

    // Expired, then renewed by its owner: public again, so queued again, but not news.
    await db.update(listings).set({ status: 'expired' }).where(eq(listings.id, first));
    await renewListing(h.db, { ownerId: seller.userId, id: first });
    // Taken down (archived) and made active again by an admin: 'Sett aktiv'.
    await bulkAdminListings(h, admin.userId, [first], 'archive');
    await bulkAdminListings(h, admin.userId, [first], 'active');
    await runAlertJob(h);
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);

    // A new listing later: its mail names it alone.
    const second = await createListing(seller.userId, { status: 'pending', title: `Andre ${word}` });
    await reviewListings(h, admin.userId, await seen([second]), 'approve');
    await runAlertJob(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Andre ${word}`);
    expect(mails[1]!.text).not.toContain(`Første ${word}`);
  });

  it('names only listings approved after the search was saved, even one the job stamps after the save', async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const matchedBefore = await createListing(seller.userId, { status: 'pending', title: `Gammel ${word}` });
    await reviewListings(h, admin.userId, await seen([matchedBefore]), 'approve');
    await runAlertJob(h);
    // Approved before the save, still waiting in the queue when the search is saved.
    const queuedBefore = await createListing(seller.userId, { status: 'pending', title: `Ventende ${word}` });
    await reviewListings(h, admin.userId, await seen([queuedBefore]), 'approve');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Nytt søk', alerts: 'instant', filters: { q: word } }));
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toEqual([]);

    const after = await createListing(seller.userId, { status: 'pending', title: `Ny ${word}` });
    await reviewListings(h, admin.userId, await seen([after]), 'approve');
    await runAlertJob(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ny annonse for søket «Nytt søk»');
    expect(mails[0]!.text).toContain(`Ny ${word}`);
    expect(mails[0]!.text).not.toContain(`Gammel ${word}`);
    expect(mails[0]!.text).not.toContain(`Ventende ${word}`);
  });

  it('a listing approved while a run mails is not stepped over: it goes in the next mail, once', async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const search = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Midt i', alerts: 'instant', filters: { q: word } }));
    const early = await createListing(seller.userId, { status: 'pending', title: `Tidlig ${word}` });
    await reviewListings(h, admin.userId, await seen([early]), 'approve');
    await matchQueuedListings(h.db);
    const during = await createListing(seller.userId, { status: 'pending', title: `Underveis ${word}` });
    await reviewListings(h, admin.userId, await seen([during]), 'approve');
    // Another run stamps 'Underveis' and holds its transaction open while this run mails 'Tidlig'.
    const stamped = deferred<number>();
    const gate = deferred<void>();
    const other = db.transaction(async (tx) => {
      const seq = (await takeStamp(tx, during))!;
      stamped.resolve(seq);
      await gate.promise;
      await raisePending(tx, [search.id], seq);
    });
    const seq = await stamped.promise;
    await sendSavedSearchAlerts(h);
    gate.resolve();
    await other;
    await deliverMail(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
    expect(alertsTo(h, buyer.email)[0]!.text).not.toContain(`Underveis ${word}`);
    // The watermark is what the run saw ('Tidlig'), below the stamp it could not see.
    const [row] = await db.select({ seen: savedSearches.seenSeq, pending: savedSearches.pendingSeq }).from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row).toEqual({ seen: expect.any(Number) as unknown, pending: seq });
    expect(row!.seen).toBeLessThan(seq);

    await runAlertJob(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Underveis ${word}`);
    expect(mails[1]!.text).not.toContain(`Tidlig ${word}`);
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(2);
  });

  it('a listing matched while a run waits for its claim goes in that run\'s mail, once', async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const search = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Venter', alerts: 'instant', filters: { q: word } }));
    const early = await createListing(seller.userId, { status: 'pending', title: `Tidlig ${word}` });
    await reviewListings(h, admin.userId, await seen([early]), 'approve');
    await matchQueuedListings(h.db);
    const during = await createListing(seller.userId, { status: 'pending', title: `Underveis ${word}` });
    await reviewListings(h, admin.userId, await seen([during]), 'approve');
    // Another run has stamped 'Underveis' and raised the search (its row locked) when this run claims it.
    const raised = deferred<void>();
    const gate = deferred<void>();
    const other = db.transaction(async (tx) => {
      await raisePending(tx, [search.id], (await takeStamp(tx, during))!);
      raised.resolve();
      await gate.promise;
    });
    await raised.promise;
    const run = sendSavedSearchAlerts(h);
    await new Promise((resolve) => setTimeout(resolve, 300));
    gate.resolve();
    await other;
    await run;
    await deliverMail(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 nye annonser for søket «Venter»');
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
  });

  it("turned on again after 'Aldri', a search starts from then; between 'Straks' and 'Daglig' nothing is lost", async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const search = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Av og på', alerts: 'never', filters: { q: word } }));
    const whileOff = await createListing(seller.userId, { status: 'pending', title: `Mens av ${word}` });
    await reviewListings(h, admin.userId, await seen([whileOff]), 'approve');
    await runAlertJob(h);
    await buyer.browser.call((c) => c.savedSearch.setAlerts({ id: search.id, alerts: 'daily' }));
    const whileDaily = await createListing(seller.userId, { status: 'pending', title: `Daglig ${word}` });
    await reviewListings(h, admin.userId, await seen([whileDaily]), 'approve');
    await matchQueuedListings(h.db);
    await buyer.browser.call((c) => c.savedSearch.setAlerts({ id: search.id, alerts: 'instant' }));
    await runAlertJob(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Daglig ${word}`);
    expect(mails[0]!.text).not.toContain(`Mens av ${word}`);
  });

  it("a listing approved while alerts were 'Aldri' and stamped only after they are on again is not news", async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const search = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Skrudd på', alerts: 'never', filters: { q: word } }));
    // Approved while off; no run has stamped it when the alerts go on again.
    const whileOff = await createListing(seller.userId, { status: 'pending', title: `Før på ${word}` });
    await reviewListings(h, admin.userId, await seen([whileOff]), 'approve');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await buyer.browser.call((c) => c.savedSearch.setAlerts({ id: search.id, alerts: 'instant' }));
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toEqual([]);
    const afterOn = await createListing(seller.userId, { status: 'pending', title: `Etter på ${word}` });
    await reviewListings(h, admin.userId, await seen([afterOn]), 'approve');
    await runAlertJob(h);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Etter på ${word}`);
    expect(mails[0]!.text).not.toContain(`Før på ${word}`);
  });

  it('a public listing with no publish time is not announced: nothing shows it came after the save', async () => {
    const { h, seller, buyer, word } = await alertWorld();
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Uten tid', alerts: 'instant', filters: { q: word } }));
    // Public with published_at empty (as rows from before it was kept), queued as every status write does.
    const id = await createListing(seller.userId, { status: 'active', title: `Uten tid ${word}`, publishedAt: null });
    await queueNewlyPublic(db, [id]);
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toEqual([]);
  });
});
