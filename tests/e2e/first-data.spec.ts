import { expect, test, type Page } from '@playwright/test';
import { browse } from '@bedriftstorget/core/texts/marketplace';
import { signUpAndConfirm } from './helpers';

/**
 * A visitor's browse and listing pages come with their first data in the HTML (decision 053): the
 * page shows without asking the API for it, and everything after works as before.
 */
function trpcCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) calls.push(...url.pathname.slice('/trpc/'.length).split(','));
  });
  return calls;
}

test('a visitor’s browse page shows its first page without asking the API for it; Vis flere and filters still ask', async ({ page }) => {
  const calls = trpcCalls(page);
  await page.goto('/alle-annonser?sortering=price_asc');
  await expect(page.getByTestId('result-count')).toHaveText(/^Viser 12 av \d+ annonser$/);
  await expect(page.locator('main article')).toHaveCount(12);
  await page.waitForLoadState('networkidle');
  expect(calls).not.toContain('listing.browse');

  await page.getByRole('button', { name: browse.showMore }).click();
  await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(12);
  expect(calls).toContain('listing.browse');
  await page.locator('#sort-desktop').selectOption({ label: browse.sorts.newest });
  await expect(page).not.toHaveURL(/sortering=/);
  await expect(page.getByTestId('result-count')).toHaveText(/^Viser 12 av \d+ annonser$/);
});

test('a listing page renders from the page itself for visitors and signed-in users alike; a user asks the API only for their own part', async ({ page, browser }) => {
  await page.goto('/alle-annonser');
  const href = await page.locator('main article h3 a').first().getAttribute('href');
  const title = await page.locator('main article h3').first().innerText();

  const visitor = await browser.newPage();
  const visitorCalls = trpcCalls(visitor);
  await visitor.goto(href!);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.waitForLoadState('networkidle');
  expect(visitorCalls).not.toContain('listing.detail');
  await visitor.close();

  const context = await browser.newContext();
  const user = await context.newPage();
  await signUpAndConfirm(user);
  const userCalls = trpcCalls(user);
  await user.goto(href!);
  await expect(user.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await user.waitForLoadState('networkidle');
  // The public page is the same for everyone (decision 080): the user's own part is listing.viewer.
  expect(userCalls).not.toContain('listing.detail');
  expect(userCalls).toContain('listing.viewer');
  await context.close();
});
