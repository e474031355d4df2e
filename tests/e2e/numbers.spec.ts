import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { listingViews } from '@bedriftstorget/core/listing/listing.sql';
import { favorites as favoriteTexts } from '@bedriftstorget/core/texts/marketplace';
import { adminLog } from '@bedriftstorget/core/texts/admin';
import { admin, auth, nav, pages } from '@bedriftstorget/core/texts/nb';
import { adminStatsTexts, sellerStats, settingsTexts, valuationAdmin } from '@bedriftstorget/core/texts/numbers';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { bucketKeys } from '@bedriftstorget/core/stats/buckets';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { closeE2eDb, DEMO_ADMIN, e2eDb, insertListing } from './admin-fixtures';
import { signUpAndConfirm, uniqueEmail } from './helpers';

test.afterAll(closeE2eDb);

async function signInAsAdmin(page: Page, path: string): Promise<void> {
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(path);
  await expect(page.getByText(admin.panel, { exact: true })).toBeVisible();
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('Innstillinger: shows the settings and refuses a 0-hour promise and an alert after the promise', async ({ page }) => {
  await signInAsAdmin(page, '/admin/innstillinger');
  const promise = page.getByLabel(settingsTexts.fields.reviewPromiseHours);
  const alert = page.getByLabel(settingsTexts.fields.reviewAlertHours);
  await expect(promise).toHaveValue(String(DEFAULT_SETTINGS.reviewPromiseHours));
  await expect(alert).toHaveValue('20');
  await expect(page.getByLabel(settingsTexts.fields.maxActiveListings)).toHaveValue('3');
  await expect(page.getByLabel(settingsTexts.fields.signupsOpen)).toBeChecked();
  await promise.fill('0');
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText(settingsTexts.promiseInvalid)).toBeVisible();
  await promise.fill(String(DEFAULT_SETTINGS.reviewPromiseHours));
  await alert.fill(String(DEFAULT_SETTINGS.reviewPromiseHours + 6));
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText(settingsTexts.alertBeforePromise)).toBeVisible();
});

test('Innstillinger: a saved change is kept and logged (and put back)', async ({ page }) => {
  await signInAsAdmin(page, '/admin/innstillinger');
  const alert = page.getByLabel(settingsTexts.fields.reviewAlertHours);
  await alert.fill('19');
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(toast(page, settingsTexts.saved)).toBeVisible();
  await page.reload();
  await expect(alert).toHaveValue('19');
  await alert.fill('20');
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(toast(page, settingsTexts.saved)).toBeVisible();
  await page.getByRole('link', { name: admin.log }).click();
  await expect(page.getByRole('table', { name: adminLog.title }).getByText(settingsTexts.logged(settingsTexts.fields.reviewAlertHours)).first()).toBeVisible();
});

test('Verdivurderinger: the sidebar opens the list; staff set a status that is kept', async ({ page }) => {
  const email = uniqueEmail('verdi');
  const [row] = await e2eDb().insert(valuationRequests).values({ industry: 'craft', revenue: 3_000_000, profit: 400_000, lowValue: 1_000_000, highValue: 2_000_000, email }).$returningId();
  await signInAsAdmin(page, '/admin');
  await page.getByRole('link', { name: valuationAdmin.title }).click();
  await expect(page).toHaveURL(/\/admin\/verdivurderinger$/);
  const line = page.getByRole('row').filter({ hasText: email });
  await expect(line).toContainText('Håndverk');
  const status = line.getByRole('combobox');
  await expect(status).toHaveValue('new');
  await status.selectOption({ label: valuationAdmin.statuses.contacted });
  await expect(toast(page, valuationAdmin.updated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email }).getByRole('combobox')).toHaveValue('contacted');
  const [saved] = await e2eDb().select().from(valuationRequests).where(eq(valuationRequests.id, row!.id));
  expect(saved?.status).toBe('contacted');
});

test('Statistikk for a seller without listings: the empty state links to Legg ut annonse', async ({ page }) => {
  await signUpAndConfirm(page);
  await page.getByRole('button', { name: nav.myAccount }).click();
  await page.getByRole('menuitem', { name: pages.statistics }).click();
  await expect(page).toHaveURL(/\/statistikk$/);
  await expect(page.getByText(sellerStats.empty)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: sellerStats.createListing }).click();
  await expect(page).toHaveURL(/\/legg-ut-annonse$/);
});

async function sellerWithListing(page: Page, views: number) {
  const { email } = await signUpAndConfirm(page);
  const title = `Statistikkbedrift ${crypto.randomUUID().slice(0, 6)}`;
  const id = await insertListing(email, { title, status: 'active', views });
  return { id, title };
}

test('Statistikk for a seller: numbers per listing, and the chart with its table alternative', async ({ page }) => {
  const { id, title } = await sellerWithListing(page, 7);
  const today = new Date().toISOString().slice(0, 10);
  await e2eDb().insert(listingViews).values([{ listingId: id, visitorKey: 'v:a', day: today }, { listingId: id, visitorKey: 'v:b', day: today }]);
  await page.goto('/statistikk');
  const line = page.getByRole('row').filter({ hasText: title });
  await expect(line.getByRole('cell').nth(1)).toHaveText(/^7\s*\/\s*2$/);
  await expect(line.getByRole('cell').nth(2)).toHaveText(/^0\s*\/\s*0$/);
  await expect(page.getByTestId('chart').first().locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: sellerStats.showTable }).click();
  const table = page.getByRole('table', { name: sellerStats.chartTitle });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(table.getByRole('row').last().getByRole('cell')).toHaveText(['2', '0', '0']);
});

test('Statistikk for a seller updates live when someone saves the listing', async ({ page, browser }) => {
  const { id, title } = await sellerWithListing(page, 0);
  await page.goto('/statistikk');
  const line = page.getByRole('row').filter({ hasText: title });
  await expect(line.getByRole('cell').nth(2)).toHaveText(/^0\s*\/\s*0$/);
  // Another signed-in user (the demo admin, to save a sign-up) saves it in another browser.
  const other = await browser.newContext();
  const buyer = await other.newPage();
  await signInAsAdmin(buyer, '/admin');
  await buyer.goto(`/bedrift/${id}`);
  await buyer.getByRole('button', { name: favoriteTexts.save }).first().click();
  await expect(buyer.getByRole('button', { name: favoriteTexts.unsave }).first()).toBeVisible();
  await expect(line.getByRole('cell').nth(2)).toHaveText(/^1\s*\/\s*1$/);
  await other.close();
});

test('Statistikk for staff: the review promise per week and the activity chart with its table', async ({ page }) => {
  await signInAsAdmin(page, '/admin/statistikk');
  const review = page.getByRole('table', { name: adminStatsTexts.timeToApproval });
  await expect(review.getByRole('row')).toHaveCount(13);
  await expect(review.getByRole('columnheader', { name: adminStatsTexts.within(DEFAULT_SETTINGS.reviewPromiseHours) })).toBeVisible();
  await expect(page.getByTestId('chart').first().locator('canvas')).toBeVisible();
  // Weeks read as weeks, not as their Monday's date.
  await expect(review.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(/^uke \d{1,2}$/);
  await page.getByRole('button', { name: adminStatsTexts.showTable }).click();
  const table = page.getByRole('table', { name: adminStatsTexts.activityTitle });
  await expect(table.getByRole('row')).toHaveCount(31);
  for (const label of Object.values(adminStatsTexts.series)) await expect(table.getByRole('columnheader', { name: label })).toBeVisible();
  await page.getByLabel(adminStatsTexts.range).selectOption({ label: adminStatsTexts.days(90) });
  await page.getByLabel(adminStatsTexts.bucket).selectOption({ label: adminStatsTexts.perWeek });
  await expect(table.getByRole('row')).toHaveCount(bucketKeys(new Date(), 90, 'week').length + 1);
  await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(/^uke \d{1,2}$/);
});

test('Statistikk: one small chart per count, each on its own single axis, with a legend free of "--", above the table', async ({ page }) => {
  const { id } = await sellerWithListing(page, 3);
  const today = new Date().toISOString().slice(0, 10);
  await e2eDb().insert(listingViews).values([{ listingId: id, visitorKey: 'v:a', day: today }, { listingId: id, visitorKey: 'v:b', day: today }]);
  await page.goto('/statistikk');
  const charts = page.getByTestId('small-chart');
  await expect(charts).toHaveCount(3);
  await expect(charts.nth(0)).toContainText(sellerStats.seriesViews);
  await expect(charts.nth(0)).toContainText('2');
  await expect(charts.nth(2)).toContainText(sellerStats.seriesMessages);
  // x and y only: no second y-axis that would put 1 message level with 100 views
  for (let i = 0; i < 3; i += 1) await expect(charts.nth(i).locator('.u-axis')).toHaveCount(2);
  const figure = page.getByRole('figure', { name: sellerStats.chartTitle });
  await expect(figure).not.toContainText('--');
  const chartAboveTable = await figure.evaluate((chart) => {
    const table = document.querySelector('[data-testid="stats-table"]');
    return table !== null && Boolean(chart.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(chartAboveTable).toBe(true);
});

test.describe('on a phone', () => {
  test('the Statistikk table scrolls sideways, says so, and takes the keyboard', async ({ page }) => {
    // Signed up at the desktop size (the helper opens the account menu), then looked at on a phone.
    await sellerWithListing(page, 5);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/statistikk');
    const region = page.getByRole('region', { name: sellerStats.tableTitle });
    await expect(region).toBeVisible();
    await expect(page.getByText(sellerStats.scrollHint)).toBeVisible();
    await expect(region).toHaveAttribute('tabindex', '0');
    const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
