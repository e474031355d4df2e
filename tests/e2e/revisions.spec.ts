import { expect, test, type Page } from '@playwright/test';
import { overview } from '@bedriftstorget/core/texts/admin';
import { company } from '@bedriftstorget/core/texts/company';
import { auth, admin } from '@bedriftstorget/core/texts/nb';
import { myListings, wizard } from '@bedriftstorget/core/texts/seller';
import { STAND_IN_COMPANIES } from '../../infra/local/brreg/companies';
import { closeE2eDb, DEMO_ADMIN, insertListing } from './admin-fixtures';
import { signUpAndConfirm, wizardToLastStep } from './helpers';

test.afterAll(closeE2eDb);

/**
 * Decision 086 in the browser: a seller's edit of an active listing waits for staff while the
 * public page keeps the approved text; staff see what changed and approve; then it is public.
 */
const word = () => `rev${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
const toastText = (page: Page, text: string) => expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/admin');
  await expect(page.getByText(admin.panel, { exact: true })).toBeVisible();
}

test('an edit of an active listing waits for approval while the public page shows the approved text; approval publishes it', async ({ page, browser }) => {
  test.slow(); // three browsers
  const w = word();
  const { email } = await signUpAndConfirm(page);
  const id = await insertListing(email, { title: `Gammel tittel ${w}`, status: 'active', publishedAt: new Date(), expiresAt: new Date(Date.now() + 30 * 86_400_000) });

  await page.goto(`/legg-ut-annonse?edit=${id}`);
  await expect(page.getByRole('heading', { name: wizard.editTitle })).toBeVisible();
  await expect(page.getByLabel(wizard.fields.title)).toHaveValue(`Gammel tittel ${w}`);
  await page.getByLabel(wizard.fields.title).fill(`Ny tittel ${w}`);
  await wizardToLastStep(page);
  await expect(page.getByRole('note')).toHaveText(wizard.revisionNote);
  await page.getByRole('button', { name: wizard.save }).click();
  await toastText(page, wizard.revisionSavedText);
  await expect(page).toHaveURL(/\/mine-annonser$/);
  const card = page.getByTestId('my-listing').filter({ hasText: `Ny tittel ${w}` });
  await expect(card.getByText(myListings.revisionPending, { exact: true })).toBeVisible();
  await expect(card.getByText('Publisert', { exact: true })).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(`/bedrift/${id}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Gammel tittel ${w}`);
  await expect(visitor.getByText(`Ny tittel ${w}`)).toHaveCount(0);

  const staff = await browser.newPage();
  await signInAsAdmin(staff);
  const revisions = staff.getByRole('region', { name: overview.revisionTitle });
  const revision = revisions.getByRole('article', { name: `Gammel tittel ${w}` });
  const titleRow = revision.getByRole('row', { name: new RegExp(`^${wizard.fields.title}`) });
  await expect(titleRow.getByRole('cell').nth(0)).toHaveText(`Gammel tittel ${w}`);
  await expect(titleRow.getByRole('cell').nth(1)).toHaveText(`Ny tittel ${w}`);
  await revision.getByRole('button', { name: overview.approve }).click();
  await toastText(staff, overview.approved);
  await expect(revision).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Ny tittel ${w}`);
  await page.reload();
  await expect(page.getByTestId('my-listing').filter({ hasText: `Ny tittel ${w}` }).getByText(myListings.revisionPending)).toHaveCount(0);
  await visitor.close();
  await staff.close();
});

test("an edit naming a bankrupt company: staff see the registry's answer beside the changes and approve it only with a note", async ({ page, browser }) => {
  test.slow(); // two browsers
  const w = word();
  const { email } = await signUpAndConfirm(page);
  const id = await insertListing(email, { title: `Firma ${w}`, status: 'active', publishedAt: new Date(), expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  const bankrupt = STAND_IN_COMPANIES.bankrupt;

  await page.goto(`/legg-ut-annonse?edit=${id}`);
  await expect(page.getByLabel(wizard.fields.title)).toHaveValue(`Firma ${w}`);
  await page.getByLabel(company.orgnrLabel).fill(bankrupt.organisasjonsnummer);
  await wizardToLastStep(page);
  await page.getByRole('button', { name: wizard.save }).click();
  await toastText(page, wizard.revisionSavedText);

  const staff = await browser.newPage();
  await signInAsAdmin(staff);
  const revision = staff.getByRole('region', { name: overview.revisionTitle }).getByRole('article', { name: `Firma ${w}` });
  const panel = revision.getByTestId('registry-panel');
  await expect(panel).toContainText(bankrupt.navn);
  await expect(panel.getByText(company.flags.bankrupt, { exact: true })).toBeVisible();
  await revision.getByRole('button', { name: overview.approve }).click();
  const dialog = staff.getByRole('dialog', { name: company.approveWithNote });
  await dialog.getByRole('button', { name: company.approveWithNote }).click();
  await expect(dialog.locator('#approve-note-error')).toHaveText(company.approveNoteRequired);
  await dialog.getByLabel(company.approveNoteLabel).fill('Konkursboet selger virksomheten.');
  await dialog.getByRole('button', { name: company.approveWithNote }).click();
  await toastText(staff, overview.approved);
  await expect(revision).toHaveCount(0);
  await staff.close();
});
