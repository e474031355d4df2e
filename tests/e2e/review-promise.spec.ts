import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { browse, landingSections } from '@bedriftstorget/core/texts/marketplace';
import { closeE2eDb, e2eDb } from './admin-fixtures';

/** The approval promise on the public pages is the one set in /admin/innstillinger, never a fixed 24 ('nye siste 24 timer' is a count's window, not the promise). */
test.afterAll(closeE2eDb);

const setPromise = (hours: number) => e2eDb().update(appSettings).set({ reviewPromiseHours: hours }).where(eq(appSettings.id, 1));

async function promiseShown(page: Page, hours: number) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: landingSections.sellSteps(hours)[1]!.title, exact: true })).toBeVisible();
  if (hours !== 24) await expect(page.getByText(/innen 24 timer/)).toHaveCount(0);
  await page.goto('/alle-annonser');
  await expect(page.getByText(browse.ctaText(hours), { exact: true })).toBeVisible();
  if (hours !== 24) await expect(page.getByText(/innen 24 timer/)).toHaveCount(0);
}

for (const [device, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 800 }]] as const) {
  // A fresh install (this test's app, `npm start --fresh`) says 'innen 24 timer' (decision 114).
  test(`${device}: the landing's steps and browse say the default promise of 24 hours`, async ({ page }) => {
    expect(DEFAULT_SETTINGS.reviewPromiseHours).toBe(24);
    await page.setViewportSize(size);
    await promiseShown(page, 24);
    await expect(page.getByText(/innen 48 timer/)).toHaveCount(0);
  });
}

test('a changed promise is what the public pages say (after their short cache)', async ({ page }) => {
  try {
    await setPromise(36);
    // Public reads are cached for 10 seconds (decision 080): wait for a fresh answer.
    await expect.poll(async () => (await (await page.request.get('/trpc/listing.reviewPromise')).json() as { result: { data: { promiseHours: number } } }).result.data.promiseHours, { timeout: 40_000 }).toBe(36);
    await promiseShown(page, 36);
  } finally {
    await setPromise(DEFAULT_SETTINGS.reviewPromiseHours);
  }
});
