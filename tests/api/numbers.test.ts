import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { adminStats, reviewQueue } from '@bedriftstorget/api/admin/overview';
import { runReviewQueue } from '@bedriftstorget/api/admin/review-queue';
import { adminActivity, adminReviewTimes } from '@bedriftstorget/api/stats/admin-stats';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listingReviews, appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { favorites, listingViews } from '@bedriftstorget/core/listing/listing.sql';
import { userChannel } from '@bedriftstorget/api/realtime/channels';
import { STATS_CHANGED } from '@bedriftstorget/core/stats/events';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import { csvTexts, settingsTexts, valuationAdmin } from '@bedriftstorget/core/texts/numbers';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { hoursBefore, listingRow, logOf, seen, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { exportAdminListings } from '@bedriftstorget/api/admin/listings-export';
import { Browser, createHarness, db, deliverMail, signedInUser, uniqueEmail } from './harness';

const resetSettings = () => db.update(appSettings).set(DEFAULT_SETTINGS).where(eq(appSettings.id, 1));
afterEach(resetSettings);

describe('settings (/admin/innstillinger)', () => {
  it('reads the defaults, validates, and logs each changed field', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    expect(await admin.browser.call((c) => c.admin.settings.get())).toEqual(DEFAULT_SETTINGS);
    const save = (changes: Partial<typeof DEFAULT_SETTINGS>) => admin.browser.call((c) => c.admin.settings.update({ ...DEFAULT_SETTINGS, ...changes }));
    await expect(save({ reviewPromiseHours: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: settingsTexts.promiseInvalid });
    await expect(save({ reviewAlertHours: DEFAULT_SETTINGS.reviewPromiseHours })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: settingsTexts.alertBeforePromise });
    await expect(save({ maxActiveListings: -1 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: settingsTexts.quotaInvalid });
    // 0 would stop every new listing at once: refused too.
    await expect(save({ maxActiveListings: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: settingsTexts.quotaInvalid });
    expect(await admin.browser.call((c) => c.admin.settings.get())).toEqual(DEFAULT_SETTINGS);
    expect(await logOf(admin.userId)).toHaveLength(0);

    expect(await save({ maxActiveListings: 5, signupsOpen: false })).toEqual({ changed: ['maxActiveListings', 'signupsOpen'] });
    expect(await admin.browser.call((c) => c.admin.settings.get())).toEqual({ ...DEFAULT_SETTINGS, maxActiveListings: 5, signupsOpen: false });
    const log = await logOf(admin.userId);
    expect(log.map((entry) => entry.action).sort()).toEqual(['Innstilling endret: Maks annonser per bruker (publiserte og til godkjenning)', settingsTexts.logged(settingsTexts.fields.signupsOpen)].sort());
    expect(log.find((entry) => entry.details?.key === 'maxActiveListings')).toMatchObject({ targetType: 'setting', details: { from: 3, to: 5 } });
    expect(await save({ maxActiveListings: 5, signupsOpen: false })).toEqual({ changed: [] });
    expect(await logOf(admin.userId)).toHaveLength(2);
  });

  it('refuses new sign-ups while they are closed, in Norwegian, and creates no account', async () => {
    const h = createHarness();
    await db.update(appSettings).set({ signupsOpen: false }).where(eq(appSettings.id, 1));
    const email = uniqueEmail();
    await expect(new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: settingsTexts.signupsClosed });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(h.mailer.to(email)).toHaveLength(0);
    await resetSettings();
    await new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig1', acceptTerms: true }));
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('the review clock counts from submitted_at', () => {
  it('a re-submitted listing is not overdue, an old submission is; the job and the marks follow the settings', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const now = new Date();
    const resubmitted = await createListing(owner.userId, { status: 'pending', createdAt: hoursBefore(now, 300), submittedAt: hoursBefore(now, 1) });
    const waiting = await createListing(owner.userId, { status: 'pending', createdAt: hoursBefore(now, 300), submittedAt: hoursBefore(now, 12) });
    const queue = await reviewQueue(h.db, now);
    expect(queue.find((item) => item.id === resubmitted)).toMatchObject({ ageHours: 1, nearLimit: false, overdue: false });
    expect(queue.find((item) => item.id === waiting)).toMatchObject({ ageHours: 12, nearLimit: false, overdue: false });

    await runReviewQueue(h, now);
    expect((await listingRow(waiting))?.reviewAlertedAt).toBeNull();
    // Staff shorten the promise to 11 hours with the alert at 10: the 12-hour-old one is alerted and marked.
    await db.update(appSettings).set({ reviewPromiseHours: 11, reviewAlertHours: 10 }).where(eq(appSettings.id, 1));
    await runReviewQueue(h, now);
    await deliverMail(h, now);
    expect((await listingRow(waiting))?.reviewAlertedAt).toEqual(now);
    expect((await listingRow(resubmitted))?.reviewAlertedAt).toBeNull();
    // The mail names the setting's hours, not a fixed 24/20 (decision 030).
    const alert = h.mailer.last(admin.email);
    expect(alert.text).toContain('(12 timer, over fristen)');
    expect(alert.text).toContain('ventet på godkjenning i 10 timer eller mer. Vi lover godkjenning innen 11 timer');
    expect(alert.subject).toMatch(/nærmer seg 11-timersfristen$/);
    // The overview's 'Over N timer' and 'innen N timer' read the same number.
    expect((await adminStats(h.db, now)).promiseHours).toBe(11);
    expect((await reviewQueue(h.db, now)).find((item) => item.id === waiting)).toMatchObject({ nearLimit: true, overdue: true });
  });
});

describe('review decisions', () => {
  it('records each decision with its submission time and mails the owner', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const now = new Date();
    const approved = await createListing(owner.userId, { status: 'pending', title: 'Godkjent via kø', submittedAt: hoursBefore(now, 5) });
    const bulkApproved = await createListing(owner.userId, { status: 'pending', title: 'Godkjent i bulk', submittedAt: hoursBefore(now, 7) });
    const alreadyActive = await createListing(owner.userId, { status: 'active', title: 'Var aktiv' });
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([approved])) }));
    // 'Sett aktiv' in /admin/annonser no longer approves (decision 106): only the queue's decisions are recorded.
    await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([bulkApproved])) }));
    await admin.browser.call((c) => c.admin.listings.bulk({ ids: [alreadyActive], action: 'active' }));

    const subjects = h.mailer.to(owner.email).map((mail) => mail.subject);
    for (const title of ['Godkjent via kø', 'Godkjent i bulk']) expect(subjects).toContain(reviewMail.publishedSubject(title));
    expect(subjects).not.toContain(reviewMail.publishedSubject('Var aktiv'));
    const reviews = await db.select().from(listingReviews).where(inArray(listingReviews.listingId, [approved, bulkApproved, alreadyActive]));
    expect(reviews).toHaveLength(2);
    const waitHours = (id: string) => {
      const row = reviews.find((r) => r.listingId === id)!;
      return Math.round((row.decidedAt.getTime() - row.submittedAt.getTime()) / 3_600_000);
    };
    expect([waitHours(approved), waitHours(bulkApproved)]).toEqual([5, 7]);
    expect((await listingRow(bulkApproved))?.status).toBe('active');
  });
});

/**
 * A Wednesday noon (UTC) in a random week centuries ahead: no other test's rows, nor this test's
 * from an earlier run in the same database, fall in its weeks, so the aggregates are exact.
 */
function futureWednesday(): Date {
  const monday = Date.UTC(2100, 0, 4); // a Monday
  const weeks = Math.floor(Math.random() * 80_000);
  return new Date(monday + weeks * 7 * 86_400_000 + 2.5 * 86_400_000);
}
const DAY = 86_400_000;
/** `days` before the Wednesday, at hour:minute UTC. */
const before = (wednesday: Date, days: number, hour: number, minute = 0) => new Date(wednesday.getTime() - 12 * 3_600_000 - days * DAY + hour * 3_600_000 + minute * 60_000);
const key = (date: Date) => date.toISOString().slice(0, 10);

describe('admin statistics', () => {
  it('Tid til godkjenning: median, p95 and the share within the promise per week, from listing_reviews', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const listing = await createListing(owner.userId, { status: 'active' });
    const now = futureWednesday();
    // Waits of 2, 4, 10, 30 and 50 hours approved this week, one rejection (not counted), one approval last week (3 h).
    const decided = before(now, 1, 12);
    const approvals = [2, 4, 10, 30, 50].map((hours) => ({ listingId: listing, adminId: admin.userId, decision: 'approve' as const, submittedAt: hoursBefore(decided, hours), decidedAt: decided }));
    await db.insert(listingReviews).values([
      ...approvals,
      { listingId: listing, adminId: admin.userId, decision: 'reject', submittedAt: hoursBefore(decided, 100), decidedAt: decided },
      { listingId: listing, adminId: admin.userId, decision: 'approve', submittedAt: before(now, 7, 9), decidedAt: before(now, 7, 12) },
    ]);
    // A 24-hour promise set in Innstillinger (reset after each test): 3 of the 5 within it.
    await db.update(appSettings).set({ reviewPromiseHours: 24 }).where(eq(appSettings.id, 1));
    const { promiseHours, weeks } = await adminReviewTimes(h.db, now);
    expect(promiseHours).toBe(24);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ week: key(before(now, 2, 0)), approved: 5, medianHours: 10, p95Hours: 50, withinPromise: 0.6 });
    expect(weeks.at(-2)).toEqual({ week: key(before(now, 9, 0)), approved: 1, medianHours: 3, p95Hours: 3, withinPromise: 1 });
    expect(weeks.at(-3)).toMatchObject({ approved: 0, medianHours: null, withinPromise: null });
  });

  it('counts new listings, decisions, users, messages, inquiries and valuations per day and per week', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const buyer = await signedInUser(h);
    const owner = await signedInUser(h);
    const now = futureWednesday();
    // Days before this Wednesday: 1 = Tuesday, 3 = Sunday (the week before), 4 = Saturday.
    const listing = await createListing(owner.userId, { createdAt: before(now, 1, 8) });
    await createListing(owner.userId, { createdAt: before(now, 1, 23, 59) });
    await createListing(owner.userId, { createdAt: before(now, 3, 10) });
    await db.insert(listingReviews).values([
      { listingId: listing, adminId: admin.userId, decision: 'approve', submittedAt: before(now, 1, 8), decidedAt: before(now, 0, 9) },
      { listingId: listing, adminId: admin.userId, decision: 'reject', submittedAt: before(now, 1, 8), decidedAt: before(now, 0, 10) },
    ]);
    await db.insert(users).values({ email: uniqueEmail('framtid'), createdAt: before(now, 0, 1) });
    await db.insert(messages).values([1, 2].map((i) => ({ listingId: listing, senderId: buyer.userId, receiverId: owner.userId, messageText: `Hei ${i}`, createdAt: before(now, 2, 12) })));
    await db.insert(leads).values({ listingId: listing, buyerId: buyer.userId, buyerName: 'Kari', buyerEmail: buyer.email, message: 'Interessert', createdAt: before(now, 4, 12) });
    await db.insert(valuationRequests).values({ industry: 'tech', lowValue: 1, highValue: 2, createdAt: before(now, 0, 11) });
    // After `now`: never counted.
    await db.insert(valuationRequests).values({ industry: 'tech', lowValue: 1, highValue: 2, createdAt: before(now, 0, 13) });

    const daily = await adminActivity(h.db, { days: 30, bucket: 'day' }, now);
    expect(daily.keys).toHaveLength(30);
    expect(daily.keys.slice(-5)).toEqual([4, 3, 2, 1, 0].map((d) => key(before(now, d, 0))));
    expect(daily.series.listings.slice(-5)).toEqual([0, 1, 0, 2, 0]);
    expect(daily.series.approvals.slice(-5)).toEqual([0, 0, 0, 0, 1]);
    expect(daily.series.rejections.slice(-5)).toEqual([0, 0, 0, 0, 1]);
    expect(daily.series.users.slice(-5)).toEqual([0, 0, 0, 0, 1]);
    expect(daily.series.messages.slice(-5)).toEqual([0, 0, 2, 0, 0]);
    expect(daily.series.inquiries.slice(-5)).toEqual([1, 0, 0, 0, 0]);
    expect(daily.series.valuations.slice(-5)).toEqual([0, 0, 0, 0, 1]);

    const weekly = await adminActivity(h.db, { days: 90, bucket: 'week' }, now);
    expect(weekly.keys.slice(-2)).toEqual([key(before(now, 9, 0)), key(before(now, 2, 0))]);
    expect(weekly.series.listings.slice(-2)).toEqual([1, 2]);
    expect(weekly.series.inquiries.slice(-2)).toEqual([1, 0]);
    expect(weekly.series.messages.slice(-2)).toEqual([0, 2]);
    expect(weekly.series.valuations.slice(-2)).toEqual([0, 1]);
  });
});

describe('valuation requests (/admin/verdivurderinger)', () => {
  it('lists newest first in pages and logs each status change', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    const email = uniqueEmail('verdi');
    await new Browser(h).call((c) => c.valuation.estimate({ industry: 'restaurant', revenue: 4_000_000, profit: 600_000, email }));
    const first = await admin.browser.call((c) => c.admin.valuations.list({}));
    // Newest first (the statistics test leaves rows dated in the future at the top).
    const times = first.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const mine = first.items.find((item) => item.email === email);
    expect(mine).toMatchObject({ industry: 'restaurant', revenue: 4_000_000, profit: 600_000, status: 'new' });
    const id = mine!.id;
    await admin.browser.call((c) => c.admin.valuations.setStatus({ id, status: 'contacted' }));
    await admin.browser.call((c) => c.admin.valuations.setStatus({ id, status: 'contacted' }));
    await admin.browser.call((c) => c.admin.valuations.setStatus({ id, status: 'closed' }));
    const [row] = await db.select().from(valuationRequests).where(eq(valuationRequests.id, id));
    expect(row?.status).toBe('closed');
    expect(row?.handledAt).not.toBeNull();
    const log = await logOf(admin.userId);
    expect(log.map((entry) => [entry.action, entry.targetId, entry.details])).toEqual([
      [valuationAdmin.logged, id, { from: 'new', to: 'contacted' }],
      [valuationAdmin.logged, id, { from: 'contacted', to: 'closed' }],
    ]);
    await expect(admin.browser.call((c) => c.admin.valuations.setStatus({ id: crypto.randomUUID(), status: 'closed' }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: valuationAdmin.notFound });
  });

  it('pages through more than one page without repeats', async () => {
    const h = createHarness();
    const admin = await signedInAdmin(h);
    await db.insert(valuationRequests).values(Array.from({ length: 30 }, () => ({ industry: 'craft' as const, lowValue: 1, highValue: 2 })));
    const first = await admin.browser.call((c) => c.admin.valuations.list({}));
    expect(first.items).toHaveLength(25);
    const second = await admin.browser.call((c) => c.admin.valuations.list({ cursor: first.nextCursor! }));
    const ids = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(ids.size).toBe(first.items.length + second.items.length);
  });
});


describe('seller statistics (/statistikk)', () => {
  it('counts views, saves, conversations started and inquiries per own listing, in total, for 30 days and per day', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const [buyerA, buyerB] = [await signedInUser(h), await signedInUser(h)];
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const listing = await createListing(owner.userId, { title: 'Med trafikk', views: 10 });
    const quiet = await createListing(owner.userId, { title: 'Stille' });
    const strangers = await createListing(buyerA.userId, { title: 'Ikke min' });
    await db.insert(listingViews).values([
      { listingId: listing, visitorKey: 'v:1', day: key(now) },
      { listingId: listing, visitorKey: 'v:2', day: key(now) },
      { listingId: listing, visitorKey: 'v:1', day: key(daysAgo(5)) },
      { listingId: strangers, visitorKey: 'v:1', day: key(now) },
    ]);
    await db.insert(favorites).values([
      { userId: buyerA.userId, listingId: listing, createdAt: now },
      { userId: buyerB.userId, listingId: listing, createdAt: daysAgo(45) },
    ]);
    const message = (from: string, to: string, createdAt: Date) => ({ listingId: listing, senderId: from, receiverId: to, messageText: 'Hei', createdAt });
    await db.insert(messages).values([
      message(buyerA.userId, owner.userId, daysAgo(1)),
      message(buyerA.userId, owner.userId, now),
      message(owner.userId, buyerA.userId, now),
      message(buyerB.userId, owner.userId, daysAgo(40)),
    ]);
    await db.insert(leads).values([
      { listingId: listing, buyerId: buyerA.userId, buyerName: 'A', buyerEmail: buyerA.email, message: 'Interessert', createdAt: now },
      { listingId: listing, buyerId: buyerB.userId, buyerName: 'B', buyerEmail: buyerB.email, message: 'Interessert', createdAt: daysAgo(40) },
    ]);

    const stats = await owner.browser.call((c) => c.seller.stats());
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toBe(key(now));
    expect(stats.listings.map((l) => l.title).sort()).toEqual(['Med trafikk', 'Stille']);
    const busy = stats.listings.find((l) => l.id === listing)!;
    expect(busy).toMatchObject({
      views: { total: 10, last30: 3 },
      saves: { total: 2, last30: 1 },
      messages: { total: 2, last30: 1 },
      inquiries: { total: 2, last30: 1 },
    });
    expect(busy.daily.views.at(-1)).toBe(2);
    expect(busy.daily.views.at(-6)).toBe(1);
    expect(busy.daily.saves.at(-1)).toBe(1);
    expect(busy.daily.messages.at(-2)).toBe(1);
    expect(busy.daily.messages.reduce((a, b) => a + b, 0)).toBe(1);
    expect(stats.listings.find((l) => l.id === quiet)).toMatchObject({ views: { total: 0, last30: 0 }, saves: { total: 0, last30: 0 }, messages: { total: 0, last30: 0 }, inquiries: { total: 0, last30: 0 } });

    const nobody = await signedInUser(h);
    expect(await nobody.browser.call((c) => c.seller.stats())).toMatchObject({ listings: [] });
  });

  it('tells the owner’s open page when one of their listings is saved', async () => {
    const h = createHarness();
    const owner = await signedInUser(h);
    const buyer = await signedInUser(h);
    const listing = await createListing(owner.userId);
    const events: string[] = [];
    h.realtime.subscribe(userChannel(owner.userId), (event) => events.push(event.type));
    await buyer.browser.call((c) => c.favorite.add({ listingId: listing }));
    expect(events).toContain(STATS_CHANGED);
  });
});

describe('Forespørsler in /meldinger', () => {
  it('shows a seller the inquiries about their own listings with the buyer’s details, newest first, paged; never another seller’s', async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    const other = await signedInUser(h);
    const buyer = await signedInUser(h);
    const listing = await createListing(seller.userId, { title: 'Min kafé' });
    const theirs = await createListing(other.userId, { title: 'Deres kafé' });
    const base = Date.now() - 3_600_000;
    await db.insert(leads).values(Array.from({ length: 52 }, (_, i) => ({ listingId: listing, buyerId: buyer.userId, buyerName: `Kjøper ${i}`, buyerEmail: buyer.email, message: `Melding ${i}`, createdAt: new Date(base + i * 1000) })));
    await db.insert(leads).values({ listingId: theirs, buyerId: buyer.userId, buyerName: 'Annen', buyerEmail: buyer.email, message: 'Ikke din' });
    const first = await seller.browser.call((c) => c.message.inquiries({}));
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ buyerName: 'Kjøper 51', buyerEmail: buyer.email, listingTitle: 'Min kafé', message: 'Melding 51' });
    const second = await seller.browser.call((c) => c.message.inquiries({ cursor: first.nextCursor! }));
    expect(second.items.map((item) => item.buyerName)).toEqual(['Kjøper 1', 'Kjøper 0']);
    expect(second.nextCursor).toBeNull();
    expect((await other.browser.call((c) => c.message.inquiries({}))).items.map((item) => item.listingTitle)).toEqual(['Deres kafé']);
  });
});

describe('the CSV export’s cap', () => {
  it('exports up to the cap and refuses past it with a message saying so', async () => {
    const owner = await signedInUser(createHarness());
    const word = uniqueWord();
    for (let i = 0; i < 3; i += 1) await createListing(owner.userId, { title: `Eksport ${word} ${i}` });
    const filter = { q: word, status: 'all' as const, industry: 'all' as const };
    expect((await exportAdminListings(db, 'http://localhost', filter, 3)).split('\n').filter((line) => line.includes(word))).toHaveLength(3);
    await expect(exportAdminListings(db, 'http://localhost', filter, 2)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: csvTexts.tooMany(2) });
  });
});
