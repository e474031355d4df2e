import { expect, test } from '@playwright/test';
import { admin, landing, nav, notFound } from '@bedriftstorget/core/texts/nb';
import { ops, signUpAndConfirm } from './helpers';

test('a visitor at /admin sees Ingen tilgang', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: admin.noAccessTitle })).toBeVisible();
  await expect(page.getByText(admin.noAccessText)).toBeVisible();
  await page.getByRole('link', { name: admin.backHome }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in user is refused the admin panel until granted the role by the ops CLI', async ({ page }) => {
  // Two runs of the ops CLI, each a new Node process with tsx: seconds each on a busy machine.
  test.setTimeout(90_000);
  const { email } = await signUpAndConfirm(page);
  await page.goto('/admin/annonser');
  await expect(page.getByRole('heading', { name: admin.noAccessTitle })).toBeVisible();

  expect(ops('grant-admin', email)).toContain('er nå admin');
  await page.goto('/admin');
  await expect(page.getByText(admin.panel, { exact: true })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: admin.panel });
  for (const label of [admin.dashboard, admin.pending, admin.listings, admin.users, admin.statistics, admin.settings]) {
    await expect(sidebar.getByRole('link', { name: label })).toBeVisible();
  }
  await sidebar.getByRole('link', { name: admin.users }).click();
  await expect(page).toHaveURL(/\/admin\/brukere$/);
  await expect(page.getByRole('heading', { name: admin.users })).toBeVisible();

  expect(ops('revoke-admin', email)).toContain('ikke lenger admin');
  await page.reload();
  await expect(page.getByRole('heading', { name: admin.noAccessTitle })).toBeVisible();
});

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/finnes-ikke');
  await expect(page.getByText(notFound.title)).toBeVisible();
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  expect(logged.some((line) => line.includes('/finnes-ikke'))).toBe(true);
  await page.getByRole('link', { name: notFound.backHome }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the landing bar is transparent over the hero and solid after 48 px of scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  const header = page.locator('header');
  await expect(header).toHaveAttribute('data-transparent', 'true');
  const heightOverHero = await header.evaluate((el) => (el as HTMLElement).offsetHeight);
  await page.evaluate(() => document.body.style.setProperty('min-height', '3000px'));
  await page.mouse.wheel(0, 200);
  await expect(header).toHaveAttribute('data-transparent', 'false');
  // One height either way: the solid bar's border must not move what lies below it (it was 64 → 65 px).
  expect(await header.evaluate((el) => (el as HTMLElement).offsetHeight)).toBe(heightOverHero);
  const published = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--header-height'));
  expect(published).toBe(`${await header.evaluate((el) => (el as HTMLElement).offsetHeight)}px`);
});

test('the landing search goes to /alle-annonser with the trimmed text', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder(landing.searchPlaceholder).fill('  kafé Bergen ');
  await page.getByPlaceholder(landing.searchPlaceholder).press('Enter');
  await expect(page).toHaveURL(/\/alle-annonser\?q=kaf%C3%A9%20Bergen$/);
  await page.goto('/');
  await page.getByPlaceholder(landing.searchPlaceholder).fill('   ');
  await page.getByPlaceholder(landing.searchPlaceholder).press('Enter');
  await expect(page).toHaveURL(/\/alle-annonser$/);
});

test('on a phone the drawer holds the links; visitors see Logg inn / Opprett bruker', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/alle-annonser');
  await expect(page.getByRole('banner').getByRole('link', { name: nav.postListing })).toBeHidden();
  await page.getByRole('button', { name: nav.openMenu }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: nav.loginOrSignup })).toBeVisible();
  await expect(drawer.getByRole('link', { name: nav.forSale })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('the account menu lists the account pages', async ({ page }) => {
  await signUpAndConfirm(page);
  await page.getByRole('button', { name: nav.myAccount }).click();
  for (const label of [nav.myProfile, nav.myListings, nav.myDrafts, nav.saved, nav.savedSearches, nav.messages, nav.logout]) {
    // 'Lagrede' is also the start of 'Lagrede søk'.
    await expect(page.getByRole('menuitem', { name: label, exact: label === nav.saved })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: nav.myListings }).click();
  await expect(page).toHaveURL(/\/mine-annonser$/);
});
