import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviewListings } from '@bedriftstorget/api/admin/review';
import { runScheduledJobs } from '@bedriftstorget/api/jobs/scheduled';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { MAX_SAVED_SEARCHES } from '@bedriftstorget/core/saved-search/enums';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { createListing } from './fixtures';
import { sesOutage } from './mail-helpers';
import { alertsTo, alertWorld, runAlertJob } from './saved-search-helpers';
import { createHarness, db, LOCK_TEST_TIMEOUT, signedInUser, visitorCaller } from './harness';
import { seen } from './admin-helpers';


/**
 * Saved searches under concurrency (decision 003): the per-user cap and the alert job's claims. Like
 * every locks-*.test.ts file these run twice: through mysql2 in `api`, and through PlanetScale's HTTP
 * driver and the local stand-in in `api-planetscale`.
 */
describe('saved-search alerts, runs overlapping', () => {
  it("'Straks': an approved listing is mailed within one run, with what matched, once", { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const search = await buyer.browser.call((c) => c.savedSearch.create({ name: 'Mitt søk', alerts: 'instant', filters: { q: word, location: 'Vestland', maxPrice: 3_000_000 } }));
    const id = await createListing(seller.userId, { status: 'pending', title: `Kafé ${word}`, location: 'Bergen', price: 2_500_000 });
    const tooDear = await createListing(seller.userId, { status: 'pending', title: `Hotell ${word}`, location: 'Bergen', price: 9_000_000 });
    // The job serves every search in the database (other tests' too): what counts is this buyer's mail.
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toEqual([]);

    await reviewListings(h, admin.userId, await seen([id, tooDear]), 'approve');
    const summary = await runScheduledJobs(h);
    expect(summary.savedSearchAlerts).toMatchObject({ ok: true, result: { queued: expect.any(Number) as unknown } });
    expect(summary.mailOutbox).toMatchObject({ ok: true, result: { failed: 0, unknown: 0 } });
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Ny annonse for søket «Mitt søk»');
    expect(mail.text).toContain(`Denne annonsen passer søket ditt «Mitt søk» («${word}» · i Vestland · Pris opptil 3`);
    expect(mail.text).toContain(`Kafé ${word}`);
    expect(mail.text).toContain('Bergen');
    expect(mail.text).toMatch(/2\s500\s000\skr/);
    expect(mail.text).not.toContain(`Hotell ${word}`);
    expect(mail.links).toContain(`${h.config.appUrl}/bedrift/${id}`);
    const off = mail.links.find((l) => l.includes('/varsel/av?t='))!;
    expect(mail.text).toContain(off);
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${off.replace('/varsel/av', '/trpc/varsel-av')}>`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Edited (back to review) and approved again: public again, never mailed twice.
    const [stamp] = await db.select({ seq: listings.alertSeq }).from(listings).where(eq(listings.id, id));
    await db.update(listings).set({ status: 'pending' }).where(eq(listings.id, id));
    await reviewListings(h, admin.userId, await seen([id]), 'approve');
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
    // Its stamp stays, and the search's watermark is past it with nothing waiting.
    expect(await db.select({ seq: listings.alertSeq }).from(listings).where(eq(listings.id, id))).toEqual([stamp]);
    const [row] = await db.select({ seen: savedSearches.seenSeq, pending: savedSearches.pendingSeq }).from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.seen).toBeGreaterThanOrEqual(stamp!.seq!);
    expect(row!.pending).toBeNull();

    // The link needs no login and stops the next mail.
    const token = new URL(off).searchParams.get('t')!;
    await visitorCaller(h).savedSearch.unsubscribe({ token });
    const next = await createListing(seller.userId, { status: 'pending', title: `Bakeri ${word}`, location: 'Voss', price: 1 });
    await reviewListings(h, admin.userId, await seen([next]), 'approve');
    await runAlertJob(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
  });

  it('two runs at once: one mail for all the user’s searches, every hit once', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    const searches = 4;
    // Each its own filters (one user cannot save the same search twice); every price cap is above the listings'.
    for (let i = 0; i < searches; i += 1) await buyer.browser.call((c) => c.savedSearch.create({ name: `Søk ${i}`, alerts: 'instant', filters: { q: word, maxPrice: 1_000_000_000 + i } }));
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await createListing(seller.userId, { status: 'pending', title: `Firma ${i} ${word}`, price: 1_000_000 }));
    await reviewListings(h, admin.userId, await seen(ids), 'approve');
    await Promise.all([runScheduledJobs(h), runScheduledJobs(h), runScheduledJobs(h)]);
    const mails = alertsTo(h, buyer.email);
    expect(mails).toHaveLength(1);
    // The three listings, each counted once though all four searches name them.
    expect(mails[0]!.subject).toBe(`3 nye annonser for ${searches} av søkene dine`);
    for (let i = 0; i < searches; i += 1) expect(mails[0]!.text.split(`Søket «Søk ${i}»`)).toHaveLength(2);
    await runScheduledJobs(h);
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
  });

  it('a mail SES refused is sent by a later run, once', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const { h, admin, seller, buyer, word } = await alertWorld();
    await buyer.browser.call((c) => c.savedSearch.create({ name: 'Prøv igjen', alerts: 'instant', filters: { q: word } }));
    const id = await createListing(seller.userId, { status: 'pending', title: `Firma ${word}` });
    await reviewListings(h, admin.userId, await seen([id]), 'approve');
    const send = h.mailer.send.bind(h.mailer);
    h.mailer.send = (mail) => (mail.to === buyer.email ? Promise.reject(sesOutage()) : send(mail));
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const now = new Date();
    expect((await runAlertJob(h, now)).outbox.retrying).toBeGreaterThanOrEqual(1);
    warned.mockRestore();
    expect(alertsTo(h, buyer.email)).toEqual([]);
    h.mailer.send = send;
    // The watermark moved with the queued mail: a run before the back-off queues and sends nothing new.
    expect((await runAlertJob(h, now)).queued).toBe(0);
    expect(alertsTo(h, buyer.email)).toEqual([]);
    await runAlertJob(h, new Date(now.getTime() + 2 * 60_000));
    expect(alertsTo(h, buyer.email)).toHaveLength(1);
  });
});

describe('saved searches, saved at once', () => {
  it(`keeps at most ${MAX_SAVED_SEARCHES} per user, also when saved at once`, { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const buyer = await signedInUser(h);
    // The first 45 straight into the table (one statement), the last five through the API at once.
    await db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES - 5 }, (_, i) => ({ userId: buyer.userId, name: `Søk ${i}`, filters: { q: undefined }, alerts: 'never' as const, unsubscribeToken: crypto.randomUUID().replace(/-/g, '') })),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => buyer.browser.call((c) => c.savedSearch.create({ name: `Samtidig ${i}`, alerts: 'never', filters: { minPrice: i + 1 } }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((refused?.reason as Error).message).toBe(texts.tooMany(MAX_SAVED_SEARCHES));
    expect(await buyer.browser.call((c) => c.savedSearch.list())).toHaveLength(MAX_SAVED_SEARCHES);
  });
});
