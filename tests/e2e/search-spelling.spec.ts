import { expect, test, type Page } from '@playwright/test';
import { browse } from '@bedriftstorget/core/texts/marketplace';
import { landing } from '@bedriftstorget/core/texts/nb';

/**
 * Search as people spell (decision 148): a buyer searches as they spell. From the front page's search box,
 * 'kafé', 'cafe', 'café', 'Kafeen' and 'kafeer' give the same total as 'kafe', and the same cards.
 */
async function searchFromFront(page: Page, words: string): Promise<{ total: string; titles: string[] }> {
  await page.goto('/');
  await page.getByPlaceholder(landing.searchPlaceholder).fill(words);
  await page.getByPlaceholder(landing.searchPlaceholder).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(words).replace(/%20/g, '(\\+|%20)')}`));
  const count = page.getByTestId('result-count');
  await expect(count).toHaveText(/^Viser \d+ av \d+ annonser?$/);
  const titles = await page.locator('main article h3').allInnerTexts();
  return { total: (await count.innerText()).replace(/^Viser \d+ av /, ''), titles: titles.sort() };
}

for (const [name, size] of [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 800 }]] as const) {
  test(`${name}: every spelling of kafé finds the same cafés as 'kafe'`, async ({ page }) => {
    await page.setViewportSize(size);
    const kafe = await searchFromFront(page, 'kafe');
    expect(Number(kafe.total.replace(/\D/g, ''))).toBeGreaterThanOrEqual(4);
    for (const words of ['kafé', 'cafe', 'café', 'Kafeen', 'kafeer']) expect(await searchFromFront(page, words), words).toEqual(kafe);
    // A word nobody wrote still says so.
    await page.getByRole('searchbox').fill('cafeqqq');
    await page.getByRole('button', { name: browse.searchLabel, exact: true }).click();
    await expect(page.getByRole('heading', { name: browse.emptyTitle })).toBeVisible();
  });
}
