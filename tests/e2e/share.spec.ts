import { expect, test, type Page } from '@playwright/test';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { auth } from '@bedriftstorget/core/texts/nb';
import { adminReports, reportDialog, reportLogActions, reportMail, seo } from '@bedriftstorget/core/texts/share';
import { adminLog } from '@bedriftstorget/core/texts/admin';
import { eq } from 'drizzle-orm';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, e2eDb, insertListing, insertReport, listingStatus } from './admin-fixtures';
import { E2E } from './env';
import { latestMail, signUpAndConfirm } from './helpers';

/** Listing pages that share and rank (decision 049), and reporting a listing, end to end in Chromium. */
test.afterAll(closeE2eDb);
// Sign-ups, two browsers and mail: slow on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const word = () => `del${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
const reportsOf = (listingId: string) => e2eDb().select().from(listingReports).where(eq(listingReports.listingId, listingId));
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test.describe('Del annonse', () => {
  test('without the Web Share API the canonical link is copied, with a toast', async ({ page, context }) => {
    const id = await insertListing(DEMO_SELLER_EMAIL, { title: `Delbar bedrift ${word()}`, status: 'active' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.appUrl });
    await page.addInitScript(() => {
      // Desktop Chromium may have it: this test is about the fallback.
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.goto(`/bedrift/${id}?fra=test#bilder`);
    await page.getByRole('button', { name: detail.share }).click();
    await expect(toast(page, detail.linkCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${E2E.appUrl}/bedrift/${id}`);
  });

  test('with the Web Share API the share sheet gets the title and the canonical link, and nothing is copied', async ({ page }) => {
    const title = `Delbar bedrift ${word()}`;
    const id = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active' });
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: (data: unknown) => (calls.push(data), Promise.resolve()) });
    });
    await page.goto(`/bedrift/${id}?fra=test`);
    await page.getByRole('button', { name: detail.share }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls)).toEqual([{ title, url: `${E2E.appUrl}/bedrift/${id}` }]);
    await expect(toast(page, detail.linkCopied)).toHaveCount(0);
  });
});

test.describe('for crawlers, without JavaScript', () => {
  test('the page head has the listing\'s title, description, og tags, canonical and JSON-LD; unknown ids are 404', async ({ request, browser }) => {
    const title = `Kafé «Søt & salt» ${word()}`;
    const id = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active', price: '1250000' as unknown as number, location: 'Bergen' });
    const url = `${E2E.appUrl}/bedrift/${id}`;
    const response = await request.get(`/bedrift/${id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).toContain(`<meta property="og:image" content="${E2E.appUrl}/images/e2e/${id}.jpg" />`);

    // A browser with JavaScript off reads the same head.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/bedrift/${id}`);
    await expect(page).toHaveTitle(`${title}${seo.titleSuffix}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^1\s250\s000\skr · Tjenester · Bergen\. En solid bedrift/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /^1\s250\s000\skr/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { name: string; offers: { price: string; priceCurrency: string } };
    expect(ld.name).toBe(title);
    expect(ld.offers).toMatchObject({ price: '1250000.00', priceCurrency: 'NOK' });
    await context.close();

    const missing = await request.get(`/bedrift/${crypto.randomUUID()}`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<div id="root"></div>');
    const pending = await insertListing(DEMO_SELLER_EMAIL, { title: `Venter ${word()}`, status: 'pending' });
    expect((await request.get(`/bedrift/${pending}`)).status()).toBe(404);
  });

  test('the SPA still takes over: an unknown id shows the Norwegian not-found page', async ({ page }) => {
    const response = await page.goto(`/bedrift/${crypto.randomUUID()}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: detail.notFoundTitle })).toBeVisible();
  });

  test('robots.txt and sitemap.xml', async ({ request }) => {
    const id = await insertListing(DEMO_SELLER_EMAIL, { title: `Kartlagt ${word()}`, status: 'active' });
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${E2E.appUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin\n');
    expect(robots).toContain('Disallow: /meldinger\n');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${E2E.appUrl}/bedrift/${id}</loc>`);
    expect(sitemap).toContain(`<loc>${E2E.appUrl}/alle-annonser</loc>`);
  });
});

test.describe('Rapporter annonse', () => {
  test('a visitor is asked to log in; a signed-in user reports once, with reason and comment', async ({ page }) => {
    const title = `Rapportert ${word()}`;
    const id = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active' });

    await page.goto(`/bedrift/${id}`);
    await page.getByRole('button', { name: reportDialog.open }).click();
    await expect(page.getByRole('dialog').getByText(reportDialog.loginText)).toBeVisible();
    await page.keyboard.press('Escape');

    await signUpAndConfirm(page);
    await page.goto(`/bedrift/${id}`);
    await page.getByRole('button', { name: reportDialog.open }).click();
    const dialog = page.getByRole('dialog', { name: reportDialog.title });
    await dialog.getByRole('button', { name: reportDialog.send }).click();
    await expect(dialog.getByRole('alert')).toHaveText(reportDialog.reasonRequired);
    await dialog.getByRole('radio', { name: reportDialog.reasons.fraud }).check();
    await dialog.getByLabel(reportDialog.comment).fill('Selgeren ber om forskudd på Vipps.');
    await dialog.getByRole('button', { name: reportDialog.send }).click();
    await expect(toast(page, reportDialog.sent)).toBeVisible();
    await expect(dialog).toBeHidden();
    const [stored] = await reportsOf(id);
    expect(stored).toMatchObject({ reason: 'fraud', comment: 'Selgeren ber om forskudd på Vipps.', status: 'open' });
    // The server holds one open report per user and listing.
    await page.getByRole('button', { name: reportDialog.open }).click();
    await dialog.getByRole('radio', { name: reportDialog.reasons.other }).check();
    await dialog.getByRole('button', { name: reportDialog.send }).click();
    await expect(toast(page, reportDialog.alreadyOpen)).toBeVisible();
    expect(await reportsOf(id)).toHaveLength(1);
  });

  test('staff see the report at /admin/rapporter and deactivate the listing: the owner is mailed why, it is logged', async ({ page }) => {
    const title = `Rapportert ${word()}`;
    const id = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active' });
    await insertReport(id, DEMO_ADMIN.email, 'fraud', 'Selgeren ber om forskudd på Vipps.');
    await page.goto('/auth?mode=login');
    await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
    await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: auth.loginButton }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/admin');
    await expect(page.locator('[data-stat="openReports"]')).toContainText(adminReports.overviewCard, { timeout: 30_000 });
    await page.getByRole('link', { name: adminReports.title, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/rapporter$/);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(reportDialog.reasons.fraud, { timeout: 30_000 });
    await expect(row).toContainText('Selgeren ber om forskudd på Vipps.');
    await expect(row).toContainText(DEMO_ADMIN.email);
    await row.getByRole('button', { name: adminReports.actFor(title) }).click();
    const dialog = page.getByRole('dialog', { name: adminReports.confirmActTitle });
    await dialog.getByLabel(adminReports.noteLabel).fill('Vi har ikke fått bekreftet selgerens identitet.');
    await dialog.getByRole('button', { name: adminReports.act }).click();
    await expect(toast(page, adminReports.acted)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await listingStatus(id)).toBe('inactive');
    const mail = await latestMail(DEMO_SELLER_EMAIL, reportMail.subject(title));
    expect(mail.text).toContain(reportDialog.reasons.fraud);

    await page.goto('/admin/logg');
    await expect(page.getByRole('heading', { name: adminLog.title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('row').filter({ hasText: reportLogActions.deactivated }).filter({ hasText: reportDialog.reasons.fraud }).first()).toBeVisible();
    // Gone from the public pages.
    expect((await page.request.get(`/bedrift/${id}`)).status()).toBe(404);
  });

  test('Avvis closes the report and leaves the listing public', async ({ page }) => {
    const title = `Avvist ${word()}`;
    const id = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active' });
    await insertReport(id, DEMO_ADMIN.email, 'sold');
    await page.goto('/auth?mode=login');
    await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
    await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: auth.loginButton }).click();
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto('/admin/rapporter');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: adminReports.dismissFor(title) }).click({ timeout: 30_000 });
    await expect(toast(page, adminReports.dismissed)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await listingStatus(id)).toBe('active');
    expect((await reportsOf(id))[0]!.status).toBe('dismissed');
  });
});
