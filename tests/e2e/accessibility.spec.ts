import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { overview, rejectDialog } from '@bedriftstorget/core/texts/admin';
import { detail, gallery } from '@bedriftstorget/core/texts/marketplace';
import { inquiryTexts } from '@bedriftstorget/core/texts/messages';
import { auth, nav } from '@bedriftstorget/core/texts/nb';
import { adminReports, reportDialog } from '@bedriftstorget/core/texts/share';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, daysAgo, insertListing, insertReport } from './admin-fixtures';
import { savedSearchTexts } from '@bedriftstorget/core/texts/saved-search';
import { contactSellerBy, signUpAndConfirm, uniqueEmail } from './helpers';

/**
 * axe-core on every route, signed out, signed in and as admin, and with the dialogs open
 * (WCAG AA): no serious or critical violation anywhere. Each page's counts are printed
 * (and attached to the report) so the figures can be quoted.
 */
test.afterAll(closeE2eDb);
test.describe.configure({ timeout: 120_000 });

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function audit(page: Page, name: string): Promise<string[]> {
  // Toasts fade in and out; axe should see the page at rest.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const count = (impact: string) => result.violations.filter((v) => v.impact === impact).length;
  const line = `axe ${name}: critical ${count('critical')}, serious ${count('serious')}, moderate ${count('moderate')}, minor ${count('minor')}`;
  console.log(line);
  test.info().annotations.push({ type: 'axe', description: line });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(email);
  await page.getByLabel(auth.password).fill(password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

async function firstListingPath(page: Page): Promise<string> {
  await page.goto('/alle-annonser?q=kaf%C3%A9%20Bergen');
  return (await page.getByRole('link', { name: 'Etablert kafé i Bergen sentrum' }).getAttribute('href'))!;
}

test('signed out: every public route and the dialogs a visitor opens', async ({ page }) => {
  const problems: string[] = [];
  const listing = await firstListingPath(page);
  for (const path of ['/', '/alle-annonser', listing, '/auth?mode=login', '/auth?mode=signup', '/auth?mode=google', '/personvern', '/legg-ut-annonse', '/statistikk', '/forny-annonse?token=ugyldig', '/finnes-ikke']) {
    await page.goto(path);
    await expect(page.locator('main, #innhold').first()).toBeVisible();
    problems.push(...(await audit(page, `ute ${path}`)));
  }
  await page.goto('/legg-ut-annonse');
  await page.getByRole('button', { name: wizard.next }).click();
  await expect(page.getByRole('alert').filter({ hasText: wizard.errorSummary(5) })).toBeVisible();
  problems.push(...(await audit(page, 'ute veiviser med feil')));
  await page.goto(listing);
  await page.getByRole('button', { name: /^Bilde 1 av/ }).first().click();
  await expect(page.getByRole('dialog', { name: gallery.viewerCounter(1, 5) })).toBeVisible();
  problems.push(...(await audit(page, 'ute bildeviser')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: detail.contactSeller }).click();
  await expect(page.getByRole('group', { name: detail.contactChoices })).toBeVisible();
  problems.push(...(await audit(page, 'ute kontaktvalg')));
  await contactSellerBy(page, detail.sendMessage);
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'ute kontakt')));
  await page.keyboard.press('Escape');
  await page.goto('/alle-annonser?q=kaf%C3%A9');
  await page.getByRole('button', { name: savedSearchTexts.saveButton }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'ute lagre søk')));
  await page.getByRole('dialog').getByRole('button', { name: savedSearchTexts.save }).click();
  await expect(page.getByRole('dialog', { name: savedSearchTexts.loginTitle })).toBeVisible();
  problems.push(...(await audit(page, 'ute lagre søk logg inn')));
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: nav.openMenu }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'ute mobilmeny')));
  expect(problems).toEqual([]);
});

test('signed in: the account pages and the contact and inquiry dialogs', async ({ page }) => {
  const problems: string[] = [];
  const { email } = await signUpAndConfirm(page, uniqueEmail('axe'));
  // Mine annonser with the lifecycle's buttons: under offer, and 'Forny annonse' in the last week (decisions 044, 045).
  await insertListing(email, { title: 'Axe under bud', status: 'active', underOfferAt: new Date(), expiresAt: new Date(Date.now() + 3 * 86_400_000) });
  const listing = await firstListingPath(page);
  for (const path of ['/', '/alle-annonser', listing, '/profil', '/mine-annonser', '/mine-utkast', '/lagrede-annonser', '/lagrede-sok', '/meldinger', '/statistikk', '/legg-ut-annonse']) {
    await page.goto(path);
    await expect(page.locator('main, #innhold').first()).toBeVisible();
    problems.push(...(await audit(page, `inne ${path}`)));
  }
  await page.goto(listing);
  await contactSellerBy(page, detail.sendMessage);
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'inne kontakt')));
  await page.keyboard.press('Escape');
  await contactSellerBy(page, inquiryTexts.open);
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'inne forespørsel')));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: reportDialog.open }).click();
  await expect(page.getByRole('dialog', { name: reportDialog.title })).toBeVisible();
  problems.push(...(await audit(page, 'inne rapporter')));
  await page.getByRole('dialog').getByRole('button', { name: reportDialog.send }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
  problems.push(...(await audit(page, 'inne rapporter (med feil)')));
  await page.keyboard.press('Escape');
  await page.goto('/alle-annonser?q=kaf%C3%A9');
  await page.getByRole('button', { name: savedSearchTexts.saveButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: savedSearchTexts.save }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: savedSearchTexts.saved }).first()).toBeVisible();
  await page.goto('/lagrede-sok');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  problems.push(...(await audit(page, 'inne /lagrede-sok med søk')));
  await page.getByRole('button', { name: new RegExp(`^${savedSearchTexts.rename}`) }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'inne gi søket nytt navn')));
  await page.keyboard.press('Escape');
  await page.goto('/varsel/av?t=ugyldig-lenke-som-ikke-finnes');
  await expect(page.getByRole('heading', { level: 1, name: savedSearchTexts.unsubscribeConfirmTitle })).toBeVisible();
  problems.push(...(await audit(page, 'inne /varsel/av før klikket')));
  await page.getByRole('button', { name: savedSearchTexts.unsubscribeButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: savedSearchTexts.unsubscribeFailedTitle })).toBeVisible();
  problems.push(...(await audit(page, 'inne /varsel/av')));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: nav.myAccount }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  problems.push(...(await audit(page, 'inne kontomeny')));
  expect(problems).toEqual([]);
});

test('as admin: every admin route, the seller’s own listings, and the reject and edit dialogs', async ({ page }) => {
  const problems: string[] = [];
  await insertListing(DEMO_SELLER_EMAIL, { title: `Axe venter ${crypto.randomUUID().slice(0, 6)}`, createdAt: daysAgo(0, 30) });
  const reported = await insertListing(DEMO_SELLER_EMAIL, { title: `Axe rapportert ${crypto.randomUUID().slice(0, 6)}`, status: 'active' });
  await insertReport(reported, DEMO_ADMIN.email, 'wrong_info', 'Tallene stemmer ikke.');
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const path of ['/admin', '/admin/pending', '/admin/annonser', '/admin/rapporter', '/admin/brukere', '/admin/statistikk', '/admin/verdivurderinger', '/admin/tilgang', '/admin/innstillinger', '/admin/logg', '/admin/finnes-ikke']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    problems.push(...(await audit(page, `admin ${path}`)));
  }
  await page.goto('/admin');
  await page.getByRole('table', { name: overview.queueTitle }).getByRole('button', { name: overview.reject }).first().click();
  await expect(page.getByRole('dialog', { name: rejectDialog.title })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: rejectDialog.confirm }).click();
  problems.push(...(await audit(page, 'admin avslå (med feil)')));
  await page.keyboard.press('Escape');
  await page.goto('/admin/annonser');
  await page.getByRole('button', { name: 'Rediger' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'admin rediger annonse')));
  await page.keyboard.press('Escape');
  await page.goto('/admin/brukere');
  await page.getByRole('button', { name: /^Rediger / }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await audit(page, 'admin rediger bruker')));
  await page.keyboard.press('Escape');
  await page.goto('/admin/rapporter');
  await page.getByRole('button', { name: adminReports.actFor('Axe rapportert') }).first().click();
  // Deactivating asks for the staff's note to the owner: a form dialog, not a yes/no alert (decision 140).
  const deactivate = page.getByRole('dialog', { name: adminReports.confirmActTitle });
  await expect(deactivate).toBeVisible();
  await deactivate.getByRole('button', { name: adminReports.act, exact: true }).click();
  problems.push(...(await audit(page, 'admin deaktiver etter rapport (med feil)')));
  expect(problems).toEqual([]);
});
