import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { auth } from '@bedriftstorget/core/texts/nb';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, insertListing, insertReport } from './admin-fixtures';
import { signUpAndConfirm, uniqueEmail } from './helpers';

/**
 * axe-core with every rule it has (WCAG and best practice: heading order, regions, focusable scroll
 * areas …) on every page, on a phone and on a desktop: no violation of any impact. The audit of the
 * dialogs and of serious violations per state is accessibility.spec.ts.
 */
test.afterAll(closeE2eDb);
test.describe.configure({ timeout: 240_000 });

const SIZES = { phone: { width: 393, height: 851 }, desktop: { width: 1280, height: 800 } } as const;

async function audit(page: Page, name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function auditAll(page: Page, who: string, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main, #innhold').first()).toBeVisible();
      problems.push(...(await audit(page, `${who} ${size} ${path}`)));
    }
  }
  return problems;
}

async function listingPath(page: Page): Promise<string> {
  await page.goto('/alle-annonser?q=kaf%C3%A9%20Bergen');
  return (await page.getByRole('link', { name: 'Etablert kafé i Bergen sentrum' }).getAttribute('href'))!;
}

test('every public page, signed out, phone and desktop: no axe violation at all', async ({ page }) => {
  const listing = await listingPath(page);
  const paths = ['/', '/alle-annonser', '/alle-annonser?q=kaf%C3%A9', listing, '/auth?mode=login', '/auth?mode=signup', '/auth?mode=google', '/personvern', '/legg-ut-annonse', '/statistikk', '/forny-annonse?token=ugyldig', '/varsel/av?t=ugyldig', '/konto-slettet', '/finnes-ikke'];
  expect(await auditAll(page, 'ute', paths)).toEqual([]);
});

test('every page of a signed-in user, phone and desktop: no axe violation at all', async ({ page }) => {
  const { email } = await signUpAndConfirm(page, uniqueEmail('axe-alle'));
  await insertListing(email, { title: 'Axe alle sider', status: 'active' });
  const listing = await listingPath(page);
  const paths = ['/', '/alle-annonser', listing, '/profil', '/mine-annonser', '/mine-utkast', '/mine-bud', '/lagrede-annonser', '/lagrede-sok', '/meldinger', '/statistikk', '/legg-ut-annonse', '/slett-konto'];
  expect(await auditAll(page, 'inne', paths)).toEqual([]);
});

test('every admin page, phone and desktop: no axe violation at all', async ({ page }) => {
  const reported = await insertListing(DEMO_SELLER_EMAIL, { title: `Axe alle rapportert ${crypto.randomUUID().slice(0, 6)}`, status: 'active' });
  await insertReport(reported, DEMO_ADMIN.email, 'wrong_info', 'Tallene stemmer ikke.');
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  const paths = ['/admin', '/admin/pending', '/admin/annonser', '/admin/rapporter', '/admin/brukere', '/admin/statistikk', '/admin/verdivurderinger', '/admin/tilgang', '/admin/innstillinger', '/admin/logg', '/admin/finnes-ikke'];
  expect(await auditAll(page, 'admin', paths)).toEqual([]);
});
