import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_AGAIN_AFTER_DISMISSAL_MS } from '@bedriftstorget/api/report/reports';
import { RATE_LIMITS } from '@bedriftstorget/api/auth/rate-limit-rules';
import { listingTerms } from '@bedriftstorget/core/listing/listing.sql';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { readLog } from '@bedriftstorget/api/admin/log';
import { OPEN_REPORTS_PAGE } from '@bedriftstorget/api/report/admin-reports';
import { adminReports, reportDialog, reportLogActions, reportMail } from '@bedriftstorget/core/texts/share';
import { inactiveNextStep } from '@bedriftstorget/core/texts/seller';
import { admin } from '@bedriftstorget/core/texts/nb';
import { listingRow, logOf, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller, type Harness } from './harness';

async function setup(h: Harness, overrides: Parameters<typeof createListing>[1] = {}) {
  const owner = await signedInUser(h);
  const reporter = await signedInUser(h);
  const listingId = await createListing(owner.userId, { title: 'Rapportert bedrift', ...overrides });
  return { owner, reporter, listingId };
}

const reportsOf = (listingId: string) => db.select().from(listingReports).where(eq(listingReports.listingId, listingId));

describe('report.create', () => {
  it('stores a report with reason and cleaned comment; a second open one from the same user is refused in Norwegian', async () => {
    const h = createHarness();
    const { reporter, listingId } = await setup(h);
    await reporter.browser.call((c) => c.report.create({ listingId, reason: 'fraud', comment: '  Ber om forskudd\u200B på Vipps  ' }));
    await expect(reporter.browser.call((c) => c.report.create({ listingId, reason: 'other' }))).rejects.toMatchObject({ code: 'CONFLICT', message: reportDialog.alreadyOpen });
    const rows = await reportsOf(listingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: reporter.userId, reason: 'fraud', comment: 'Ber om forskudd på Vipps', status: 'open' });
    // Another user may report the same listing.
    const other = await signedInUser(h);
    await other.browser.call((c) => c.report.create({ listingId, reason: 'sold' }));
    expect(await reportsOf(listingId)).toHaveLength(2);
  });

  it('two simultaneous reports from one user store one (the database holds the rule)', async () => {
    const h = createHarness();
    const { reporter, listingId } = await setup(h);
    const results = await Promise.allSettled([0, 1, 2].map(() => reporter.browser.call((c) => c.report.create({ listingId, reason: 'wrong_info' }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []))).toEqual([reportDialog.alreadyOpen, reportDialog.alreadyOpen]);
    expect(await reportsOf(listingId)).toHaveLength(1);
  });

  it("after 'Avvis' the same user may report the listing again only after 7 days; other users at once", async () => {
    const h = createHarness();
    const { reporter, listingId } = await setup(h);
    const staff = await signedInAdmin(h);
    await reporter.browser.call((c) => c.report.create({ listingId, reason: 'fraud' }));
    const [report] = await reportsOf(listingId);
    await staff.browser.call((c) => c.admin.reports.dismiss({ id: report!.id }));
    await expect(reporter.browser.call((c) => c.report.create({ listingId, reason: 'fraud' }))).rejects.toMatchObject({ code: 'CONFLICT', message: reportDialog.recentlyDismissed });
    expect(await reportsOf(listingId)).toHaveLength(1);
    const other = await signedInUser(h);
    await other.browser.call((c) => c.report.create({ listingId, reason: 'fraud' }));
    // Seven days and a minute later.
    await db.update(listingReports).set({ handledAt: new Date(Date.now() - REPORT_AGAIN_AFTER_DISMISSAL_MS - 60_000) }).where(eq(listingReports.id, report!.id));
    await reporter.browser.call((c) => c.report.create({ listingId, reason: 'fraud' }));
    expect((await reportsOf(listingId)).map((r) => r.status).sort()).toEqual(['dismissed', 'open', 'open']);
  });

  it(`limits a user to ${RATE_LIMITS.reportsPerUserDay.limit} reports a day, ${RATE_LIMITS.reportsPerUserHour.limit} an hour`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const DAY = 24 * 60 * 60_000;
      const start = (Math.floor(Date.now() / DAY) + 1) * DAY + 1_000;
      vi.setSystemTime(start);
      const h = createHarness({ config: { rateLimitMultiplier: 1 } });
      const owner = await signedInUser(h);
      const reporter = await signedInUser(h);
      const report = async () => {
        const listingId = await createListing(owner.userId);
        return reporter.browser.call((c) => c.report.create({ listingId, reason: 'fraud' })).then(() => 'OK', (e: Error) => e.message);
      };
      const { limit: perHour } = RATE_LIMITS.reportsPerUserHour;
      const { limit: perDay } = RATE_LIMITS.reportsPerUserDay;
      for (let hour = 0; hour * perHour < perDay; hour += 1) {
        vi.setSystemTime(start + hour * 60 * 60_000);
        for (let i = 0; i < perHour; i += 1) expect(await report()).toBe('OK');
        expect(await report(), `hour ${hour + 1}`).toBe(reportDialog.tooMany);
      }
      vi.setSystemTime(start + 23 * 60 * 60_000);
      expect(await report(), 'the day is used up').toBe(reportDialog.tooMany);
      vi.setSystemTime(start + DAY);
      expect(await report(), 'the next day').toBe('OK');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses visitors, bad input, non-public listings and the owner, changing nothing', async () => {
    const h = createHarness();
    const { owner, reporter, listingId } = await setup(h);
    const pending = await createListing(owner.userId, { status: 'pending' });
    await expect(visitorCaller(h).report.create({ listingId, reason: 'fraud' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(reporter.browser.call((c) => c.report.create({ listingId, reason: 'nope' as 'fraud' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: reportDialog.reasonRequired });
    await expect(reporter.browser.call((c) => c.report.create({ listingId, reason: 'other', comment: 'x'.repeat(1001) }))).rejects.toMatchObject({ message: reportDialog.commentMax });
    await expect(reporter.browser.call((c) => c.report.create({ listingId: pending, reason: 'fraud' }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(owner.browser.call((c) => c.report.create({ listingId, reason: 'fraud' }))).rejects.toMatchObject({ message: reportDialog.ownListing });
    expect(await reportsOf(listingId)).toHaveLength(0);
    expect(await reportsOf(pending)).toHaveLength(0);
  });
});

describe('/admin/rapporter', () => {
  it('lists open reports with listing, reason, comment and reporter, and counts them; admins only', async () => {
    const h = createHarness();
    const { reporter, listingId } = await setup(h);
    const staff = await signedInAdmin(h);
    const before = await staff.browser.call((c) => c.admin.reports.count());
    await reporter.browser.call((c) => c.report.create({ listingId, reason: 'wrong_info', comment: 'Omsetningen stemmer ikke' }));
    expect(await staff.browser.call((c) => c.admin.reports.count())).toBe(before + 1);
    const { reports, total } = await staff.browser.call((c) => c.admin.reports.list());
    expect(total).toBe(before + 1);
    expect(reports.find((r) => r.listingId === listingId)).toMatchObject({
      listingTitle: 'Rapportert bedrift', listingStatus: 'active', reason: 'wrong_info', comment: 'Omsetningen stemmer ikke', reporterEmail: reporter.email,
    });
    await expect(reporter.browser.call((c) => c.admin.reports.list())).rejects.toMatchObject({ code: 'FORBIDDEN', message: admin.noAccessText });
    const [report] = await reportsOf(listingId);
    await expect(reporter.browser.call((c) => c.admin.reports.deactivate({ id: report!.id, note: 'Svindel bekreftet.' }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await listingRow(listingId))!.status).toBe('active');
  });

  it(`pages through every open report, oldest first, ${OPEN_REPORTS_PAGE} at a time`, async () => {
    const h = createHarness();
    const staff = await signedInAdmin(h);
    const owner = await signedInUser(h);
    const reporter = await signedInUser(h);
    const before = await staff.browser.call((c) => c.admin.reports.count());
    const listingIds = await Promise.all(Array.from({ length: OPEN_REPORTS_PAGE + 5 }, () => createListing(owner.userId)));
    const at = new Date(Date.now() - 60 * 60_000);
    // Stored directly (the per-user limits are tested above), all in one millisecond: a page boundary falls
    // inside the run of equal times, so the id breaks the tie, ascending like the time (keyset paging).
    const rows = listingIds.map((listingId) => ({ id: crypto.randomUUID(), listingId, reporterId: reporter.userId, reason: 'fraud' as const, createdAt: at }));
    await db.insert(listingReports).values(rows);
    const oldestFirst = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1)).map((row) => row.listingId);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await staff.browser.call((c) => c.admin.reports.list({ cursor }));
      expect(page.total).toBe(before + listingIds.length);
      expect(page.reports.length).toBeLessThanOrEqual(OPEN_REPORTS_PAGE);
      seen.push(...page.reports.map((r) => r.listingId));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(Math.ceil((before + listingIds.length) / OPEN_REPORTS_PAGE));
    expect(seen).toHaveLength(before + listingIds.length);
    expect(seen.filter((id) => listingIds.includes(id))).toEqual(oldestFirst);
    await expect(staff.browser.call((c) => c.admin.reports.list({ cursor: 'ikke-en-side' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('Avvis closes the report, leaves the listing alone and is logged in Norwegian', async () => {
    const h = createHarness();
    const { owner, reporter, listingId } = await setup(h);
    const staff = await signedInAdmin(h);
    await reporter.browser.call((c) => c.report.create({ listingId, reason: 'sold' }));
    const [report] = await reportsOf(listingId);
    await staff.browser.call((c) => c.admin.reports.dismiss({ id: report!.id }));
    expect((await reportsOf(listingId))[0]).toMatchObject({ status: 'dismissed', handledBy: staff.userId });
    expect((await listingRow(listingId))!.status).toBe('active');
    expect(h.mailer.to(owner.email).filter((m) => m.subject === reportMail.subject('Rapportert bedrift'))).toHaveLength(0);
    const log = await logOf(staff.userId);
    expect(log.at(-1)).toMatchObject({ action: reportLogActions.dismissed, targetType: 'listing', targetId: listingId });
    // A second admin (or a second click) finds it handled.
    await expect(staff.browser.call((c) => c.admin.reports.dismiss({ id: report!.id }))).rejects.toMatchObject({ code: 'CONFLICT', message: adminReports.alreadyHandled });
    expect(await logOf(staff.userId)).toHaveLength(log.length);
  });

  it('Deaktiver annonsen: the listing becomes inactive and leaves search, every open report of it closes, the owner is mailed why, logged', async () => {
    const h = createHarness();
    const word = uniqueWord();
    const { owner, reporter, listingId } = await setup(h, { title: `Rapportert bedrift ${word}` });
    const second = await signedInUser(h);
    const staff = await signedInAdmin(h);
    await reporter.browser.call((c) => c.report.create({ listingId, reason: 'fraud', comment: 'Ber om forskudd' }));
    await second.browser.call((c) => c.report.create({ listingId, reason: 'wrong_info' }));
    const found = await visitorCaller(h).listing.browse({ q: word });
    expect(found.items.map((l) => l.id)).toEqual([listingId]);
    const first = (await reportsOf(listingId)).find((r) => r.reporterId === reporter.userId)!;

    // Staff's note is required: without one nothing changes.
    await expect(staff.browser.call((c) => c.admin.reports.deactivate({ id: first.id, note: '   ' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: adminReports.noteRequired });
    expect((await listingRow(listingId))!.status).toBe('active');
    await staff.browser.call((c) => c.admin.reports.deactivate({ id: first.id, note: 'Vi fant ingen regnskap som støtter tallene.' }));

    expect((await listingRow(listingId))!.status).toBe('inactive');
    expect((await reportsOf(listingId)).map((r) => r.status)).toEqual(['actioned', 'actioned']);
    // syncListingTerms ran: the search terms are no longer public, browse and the page do not show it.
    const terms = await db.select().from(listingTerms).where(and(eq(listingTerms.listingId, listingId), eq(listingTerms.isPublic, true)));
    expect(terms).toHaveLength(0);
    expect((await visitorCaller(h).listing.browse({ q: word })).items).toHaveLength(0);
    await expect(visitorCaller(h).listing.detail({ id: listingId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const mail = h.mailer.last(owner.email);
    expect(mail.subject).toBe(reportMail.subject(`Rapportert bedrift ${word}`));
    // The reporter's word is what the report was about; staff's note and the next step follow.
    expect(mail.text).toContain(`Rapporten gjaldt: ${reportDialog.reasons.fraud}\nMelding fra Bedriftstorget: Vi fant ingen regnskap som støtter tallene.`);
    expect(mail.text).toContain(inactiveNextStep);
    expect(mail.text).not.toContain(`Grunn: ${reportDialog.reasons.fraud}`);
    // Mine annonser says the same while the listing is inactive.
    const mine = (await owner.browser.call((c) => c.seller.mine())).items.find((item) => item.id === listingId);
    expect(mine).toMatchObject({ status: 'inactive', deactivation: { reason: reportDialog.reasons.fraud, note: 'Vi fant ingen regnskap som støtter tallene.' } });
    expect(mail.links).toEqual([`${h.config.appUrl}/mine-annonser`]);
    expect(mail.text).not.toContain(reporter.email);
    const entry = (await logOf(staff.userId)).at(-1)!;
    expect(entry).toMatchObject({ action: reportLogActions.deactivated, targetType: 'listing', targetId: listingId });
    const shown = (await readLog(db)).find((row) => row.id === entry.id)!;
    // The log shows the report's reason with staff's note.
    expect(shown.reason).toBe(`${reportDialog.reasons.fraud}: Vi fant ingen regnskap som støtter tallene.`);
    expect((await staff.browser.call((c) => c.admin.reports.list())).reports.some((r) => r.listingId === listingId)).toBe(false);
    await expect(staff.browser.call((c) => c.admin.reports.deactivate({ id: first.id, note: 'Igjen.' }))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('an unknown report id is a Norwegian not-found', async () => {
    const h = createHarness();
    const staff = await signedInAdmin(h);
    await expect(staff.browser.call((c) => c.admin.reports.dismiss({ id: crypto.randomUUID() }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: adminReports.notFound });
    await expect(staff.browser.call((c) => c.admin.reports.dismiss({ id: 'x' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: adminReports.notFound });
  });
});
