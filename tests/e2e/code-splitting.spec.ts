import { expect, test } from '@playwright/test';
import { landing, nav } from '@bedriftstorget/core/texts/nb';
import { signIn, signOut, signUpAndConfirm } from './helpers';

/** Route-level code splitting and static serving, as a visitor's browser sees them (decisions 021, 022). */

test('the landing page loads no lazy route code; hovering a link prefetches its page, which then opens without a fallback', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: landing.heroTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /wizard-page|admin|messages-page|auth-page|ably|valuation-section/.test(path))).toEqual([]);

  const link = page.getByRole('banner').getByRole('link', { name: nav.postListing });
  await link.hover();
  await expect.poll(() => scripts.some((path) => path.includes('wizard-page'))).toBe(true);
  await link.click();
  await expect(page).toHaveURL(/\/legg-ut-annonse$/);
  await expect(page.getByRole('main')).toBeVisible();
});

test("each main page's own chunk is named in the page before the app runs, and only its own", async ({ page }) => {
  for (const [path, own, others] of [['/', 'landing', ['browse', 'detail']], ['/alle-annonser', 'browse', ['landing', 'detail']]] as const) {
    await page.goto(path);
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')].map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloaded.filter((href) => href.startsWith(`/assets/${own}-`))).toHaveLength(1);
    for (const other of others) expect(preloaded.filter((href) => href.startsWith(`/assets/${other}-`))).toEqual([]);
  }
});

test('the valuation form loads when its section comes near, and /#verdivurdering opens it', async ({ page }) => {
  await page.goto('/#verdivurdering');
  await expect(page.locator('#verdivurdering form')).toBeVisible();
});

test('assets are pre-compressed and cached immutably, index.html is no-cache, and source maps are not served', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const entry = scripts.find((path) => /^\/assets\/first-load-.*\.js$/.test(path));
  expect(entry).toBeTruthy();

  // index.html is under 1 KB now: served as it is (compressing it would gain a few bytes), never cached.
  const html = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(html.headers()['cache-control']).toBe('no-cache');
  // The first load is the entry, the bundler's runtime and one chunk with what every page needs (decision 054),
  // and the script that names the page's own chunk beside them (decision 075).
  const named = [...(await html.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(named).toHaveLength(4);
  expect(named).toContain(entry);
  expect(named.filter((path) => /^\/assets\/page-preload-.*\.js$/.test(path!))).toHaveLength(1);
  const brotli = await request.get(entry!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.headers()['content-encoding']).toBe('br');

  const js = await request.get(entry!, { headers: { 'accept-encoding': 'gzip' } });
  expect(js.headers()['content-encoding']).toBe('gzip');
  expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await js.text()).not.toContain('sourceMappingURL');

  const map = await request.get(`${entry!}.map`);
  expect(map.status()).toBe(404);
});

test("a click on 'Min konto' while its menu's code is still loading opens the menu when it arrives", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, password } = await signUpAndConfirm(page);
  await signOut(page);
  // Hold the menu's chunk back until the stand-in has been clicked.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/account-menu-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await signIn(page, email, password);
  const standIn = page.getByRole('button', { name: nav.myAccount });
  await expect(standIn).toBeVisible();
  await expect(standIn).not.toHaveAttribute('data-state');
  await standIn.click();
  await expect(page.getByRole('menuitem', { name: nav.logout })).toHaveCount(0);
  release();
  await expect(page.getByRole('menuitem', { name: nav.logout })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: nav.logout })).toHaveCount(0);
  await context.close();
});
