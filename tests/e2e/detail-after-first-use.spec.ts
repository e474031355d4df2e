import { expect, test, type Page } from '@playwright/test';
import { auth as authTexts } from '@bedriftstorget/core/texts/nb';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { contactDialog } from '@bedriftstorget/core/texts/messages';
import { contactSellerBy } from './helpers';

/**
 * A listing page's dialogs (and the schemas they check input with) load when the browser is idle
 * after the visitor first uses the page, as the landing's do (decision 145), not while it loads: that
 * script ran as one long task in the middle of the page's first second. And zod, wherever a page
 * makes a schema, never tries eval: the CSP forbids it, and each try was a reported violation.
 */

/** Every CSP violation the page reports, from before its first script. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => window.requestIdleCallback(() => resolve(), { timeout: 6_000 })));
  await page.waitForLoadState('networkidle');
}

test("a listing page loads its dialogs' code after the visitor's first use, not while it loads; no CSP violation on the way", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/alle-annonser');
  const href = await page.locator('main article h3 a').first().getAttribute('href');
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(href!);
  await expect(page.getByRole('button', { name: detail.contactSeller, exact: true }).first()).toBeVisible();
  await idle(page);
  await idle(page);
  const dialogCode = () => [...scripts].filter((path) => /\/(listing-dialogs|contact-dialog|schemas)-/.test(path));
  expect(dialogCode()).toEqual([]);

  await page.mouse.move(200, 200);
  await expect.poll(dialogCode, { timeout: 15_000 }).toEqual(expect.arrayContaining([expect.stringMatching(/listing-dialogs-/), expect.stringMatching(/schemas-/)]));
  await idle(page);
  // Zod tries eval when a chunk makes its schemas: they are made by now, and the dialog opens from them.
  await contactSellerBy(page, detail.sendMessage);
  await expect(page.getByRole('dialog', { name: contactDialog.title })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('signing in with a wrong address checks it with zod, and zod tries no eval', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/auth?mode=login');
  await page.getByLabel(authTexts.email).fill('ikke-en-adresse');
  await page.getByLabel(authTexts.password).fill('hemmelig1');
  await page.getByRole('button', { name: authTexts.loginButton }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
