import { expect, test, type Page } from '@playwright/test';
import { overview } from '@bedriftstorget/core/texts/admin';
import { company as c } from '@bedriftstorget/core/texts/company';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { STAND_IN_COMPANIES } from '../../infra/local/brreg/companies';
import { DEMO_ADMIN } from './admin-fixtures';
import { signIn, signOut, signUpAndConfirm } from './helpers';

/**
 * Verified companies and 'Konfidensielt salg' (decisions 094 and 095) in the browser: the wizard's
 * organisasjonsnummer (checked as typed, looked up in the registry's local stand-in on submit), the
 * public page of a confidential listing, and staff's view with the registry's data and flags.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const DESCRIPTION = 'Et lønnsomt regnskapsbyrå med faste klienter, digitale rutiner og erfarne ansatte som gjerne blir med videre.';
const f = wizard.fields;
const TITLE = `Regnskapsbyrå i nord ${Date.now().toString(36)}`;
const accounting = STAND_IN_COMPANIES.accounting;

const next = (page: Page) => page.getByRole('button', { name: wizard.next }).click();
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Step 1 with the company fields, then the rest of the wizard to its last step. */
async function fillWizard(page: Page, title: string, orgnr: string, confidential: boolean) {
  await page.goto('/legg-ut-annonse');
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
  await page.getByLabel(f.title).fill(title);
  await page.getByLabel(f.industry).selectOption('services');
  await page.getByLabel(f.location).fill('Troms');
  await page.getByLabel(f.description).fill(DESCRIPTION);
  await page.locator('#wizard-images').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('wizard-image')).toHaveCount(1);
  await page.getByLabel(c.orgnrLabel).fill(orgnr);
  if (confidential) await page.getByLabel(c.confidentialLabel).check();
  await next(page);
  for (const step of [2, 3, 4]) {
    await expect(page.getByText(wizard.stepOf(step, 5))).toBeVisible();
    await next(page);
  }
  await expect(page.getByText(wizard.stepOf(5, 5))).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('the wizard: a wrong check digit says "Ugyldig organisasjonsnummer" under the field; a number the registry does not know stops step 1 (decision 139)', async ({ page }) => {
  await signUpAndConfirm(page);
  await page.goto('/legg-ut-annonse');
  await page.getByLabel(f.title).fill('Feil nummer');
  await page.getByLabel(c.orgnrLabel).fill('910 000 102');
  await next(page);
  const field = page.getByLabel(c.orgnrLabel);
  await expect(page.locator('#orgnr-error')).toHaveText('Ugyldig organisasjonsnummer');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('910 000 101');
  await expect(page.locator('#orgnr-error')).toHaveCount(0);

  // The save refuses it too (tests/api/company-registry.test.ts); the wizard says so on step 1, under the field.
  await field.fill('910 000 802');
  await page.getByLabel(f.location).fill('Troms');
  await page.getByLabel(f.description).fill(DESCRIPTION);
  await next(page);
  await expect(page.locator('#orgnr-error')).toHaveText(c.notFound);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
});

test('a confidential listing with a verified company: staff see the registry beside it; the public page shows the badge and never the company', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpAndConfirm(page);
  await fillWizard(page, TITLE, `${accounting.organisasjonsnummer.slice(0, 3)} ${accounting.organisasjonsnummer.slice(3, 6)} ${accounting.organisasjonsnummer.slice(6)}`, true);
  await page.getByRole('button', { name: wizard.submit }).click();
  await expect(toast(page, wizard.successTitle)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/mine-annonser$/);
  await signOut(page);

  // Staff: the whole company, the confidential mark, and the seeded flagged companies' warnings.
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/admin/pending');
  const queue = page.getByRole('table', { name: overview.queueTitle });
  const mine = queue.getByRole('row').filter({ hasText: TITLE });
  const panel = mine.getByTestId('registry-panel');
  await expect(panel).toContainText(accounting.navn);
  await expect(panel).toContainText('910 000 179');
  await expect(panel).toContainText('Storgata 80, 9008 TROMSØ');
  await expect(panel.getByTestId('confidential-badge')).toHaveText(c.confidentialBadge);

  const bankrupt = queue.getByRole('row').filter({ hasText: STAND_IN_COMPANIES.bankrupt.navn });
  await expect(bankrupt.getByText(c.flags.bankrupt, { exact: true })).toBeVisible();
  await bankrupt.getByRole('button', { name: overview.approve }).click();
  const dialog = page.getByRole('dialog', { name: c.approveWithNote });
  await dialog.getByRole('button', { name: c.approveWithNote }).click();
  await expect(dialog.locator('#approve-note-error')).toHaveText(c.approveNoteRequired);
  await dialog.getByLabel(c.approveNoteLabel).fill('Konkursboet selger virksomheten, avklart med bostyrer.');
  await dialog.getByRole('button', { name: c.approveWithNote }).click();
  await expect(toast(page, overview.approved)).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: STAND_IN_COMPANIES.bankrupt.navn })).toHaveCount(0);

  await mine.getByRole('button', { name: overview.approve }).click();
  await expect(toast(page, overview.approved)).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: TITLE })).toHaveCount(0);
  // A visitor from here on (the back office has no account menu to sign out from).
  await page.context().clearCookies();

  // The public page: title, figures and the badge; no name, number or address; no registry card.
  await page.goto(`/alle-annonser?q=${encodeURIComponent(TITLE)}`);
  const card = page.getByRole('article').filter({ hasText: TITLE });
  await expect(card.getByTestId('confidential-badge')).toHaveText(c.confidentialBadge);
  await card.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // The listing's own header (similar listings below may carry the badge too).
  const header = page.locator('header', { has: page.getByRole('heading', { level: 1, name: TITLE }) });
  await expect(header.getByTestId('confidential-badge')).toHaveText(c.confidentialBadge);
  await expect(page.getByTestId('registry-card')).toHaveCount(0);
  const body = await page.locator('body').innerText();
  for (const secret of [accounting.navn, '910000179', '910 000 179', 'Storgata 80']) expect(body).not.toContain(secret);
});

test('an open sale with a verified company shows "Registrert i Enhetsregisteret" with name, form and kommune', async ({ page }) => {
  await page.goto(`/alle-annonser?q=${encodeURIComponent('Etablert kafé i Bergen sentrum')}`);
  await page.getByRole('article').filter({ hasText: 'Etablert kafé i Bergen sentrum' }).getByRole('link').first().click();
  const registry = page.getByTestId('registry-card');
  await expect(registry).toContainText(c.registered);
  await expect(registry).toContainText(STAND_IN_COMPANIES.cafe.navn);
  await expect(registry).toContainText('Aksjeselskap · BERGEN');
  await expect(page.locator('header', { has: page.getByRole('heading', { level: 1 }) }).getByTestId('confidential-badge')).toHaveCount(0);
});
