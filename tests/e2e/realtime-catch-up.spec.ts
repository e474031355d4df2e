import { expect, test } from '@playwright/test';
import { favorites } from '@bedriftstorget/core/texts/marketplace';
import { signUpAndConfirm } from './helpers';

/**
 * The page's data is read before its live stream opens: a change made in between is never sent to
 * it. When the stream opens, every live view reads its data again (realtime.tsx, `catchUp`).
 */
test('favourites: a change made while another tab is still connecting its stream shows there once it opens', async ({ page, context }) => {
  await signUpAndConfirm(page);
  const other = await context.newPage();
  // The other tab's stream is held back until the change is made, so the event goes out before it is open.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await other.route('**/realtime', async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await other.goto('/lagrede-annonser');
  await expect(other.getByRole('heading', { name: favorites.emptyTitle })).toBeVisible();
  await expect.poll(() => asked).toBe(true);

  await page.goto('/alle-annonser');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.locator('main article').first().getByRole('button', { name: favorites.save }).click();
  await expect(page.getByText(favorites.savedTitle)).toBeVisible();

  const opened = other.waitForResponse((response) => new URL(response.url()).pathname === '/realtime');
  release();
  expect((await opened).status()).toBe(200);
  await expect(other.locator('main article')).toHaveCount(1);
});
