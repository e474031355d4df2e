import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminLog, adminUsers, loggedActions, overview } from '@bedriftstorget/core/texts/admin';
import { auth, admin } from '@bedriftstorget/core/texts/nb';
import { adminReports, reportDialog, reportMail } from '@bedriftstorget/core/texts/share';
import { inactiveNextStep, myListings, profile, userTypeLabels, wizard } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, DEMO_ADMIN, insertListing, insertReport, listingStatus } from './admin-fixtures';
import { latestMail, signUpAndConfirm, wizardToLastStep } from './helpers';

test.afterAll(closeE2eDb);

/**
 * Staff's actions explained to the owner (decision 140), as the seller and the staff member met
 * them: a report's deactivation carries staff's note to the mail and to /mine-annonser with what to
 * do next; an edit waiting for staff shows beside the live version and is logged as 'Godkjente
 * endringer'; /admin/brukere offers no 'Slett' on the admin's own row and names user types as /profil does.
 */
const VIEWPORTS = [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 900 }]] as const;
const word = () => `fork${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const inAWeek = () => new Date(Date.now() + 30 * 86_400_000);

async function staffPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

for (const [name, viewport] of VIEWPORTS) {
  test(`${name}: staff deactivate a reported listing with a note; the owner reads why and what to do in the mail and in Mine annonser`, async ({ page, browser }) => {
    test.slow(); // two browsers
    const w = word();
    const { email } = await signUpAndConfirm(page);
    // After signing up: on a phone the account button sign-up waits for sits in the menu.
    await page.setViewportSize(viewport);
    const title = `Rapportert ${w}`;
    const id = await insertListing(email, { title, status: 'active', publishedAt: new Date(), expiresAt: inAWeek() });
    await insertReport(id, DEMO_ADMIN.email, 'fraud', 'Selgeren ber om forskudd.');

    const staff = await staffPage(browser, viewport);
    await staff.goto('/admin/rapporter');
    const row = staff.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: adminReports.actFor(title) }).click({ timeout: 30_000 });
    const dialog = staff.getByRole('dialog', { name: adminReports.confirmActTitle });
    // Without a note nothing happens: the field says what is missing.
    await dialog.getByRole('button', { name: adminReports.act }).click();
    await expect(dialog.getByText(adminReports.noteRequired)).toBeVisible();
    await expect(dialog.getByLabel(adminReports.noteLabel)).toBeFocused();
    expect(await listingStatus(id)).toBe('active');
    await dialog.getByLabel(adminReports.noteLabel).fill('Vi fant ikke bedriften i Enhetsregisteret. Legg ved organisasjonsnummeret.');
    await dialog.getByRole('button', { name: adminReports.act }).click();
    await expect(toast(staff, adminReports.acted)).toBeVisible();
    expect(await listingStatus(id)).toBe('inactive');

    const mail = await latestMail(email, reportMail.subject(title));
    expect(mail.text).toContain(`Rapporten gjaldt: ${reportDialog.reasons.fraud}`);
    expect(mail.text).toContain('Melding fra Bedriftstorget: Vi fant ikke bedriften i Enhetsregisteret. Legg ved organisasjonsnummeret.');
    expect(mail.text).toContain(inactiveNextStep);

    await page.goto('/mine-annonser');
    const card = page.getByTestId('my-listing').filter({ hasText: title });
    const why = card.getByTestId('deactivation');
    await expect(why.getByText(myListings.deactivated, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(why.getByText(myListings.deactivatedReason(reportDialog.reasons.fraud), { exact: true })).toBeVisible();
    await expect(why.getByText(myListings.rejectedNote('Vi fant ikke bedriften i Enhetsregisteret. Legg ved organisasjonsnummeret.'), { exact: true })).toBeVisible();
    await expect(why.getByText(inactiveNextStep, { exact: true })).toBeVisible();
    // The explanation fits the phone's width.
    const box = await why.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await staff.context().close();
  });

  test(`${name}: an edit waiting for staff shows beside the live title in Mine annonser; approving it is logged as 'Godkjente endringer'`, async ({ page, browser }) => {
    test.slow(); // two browsers
    const w = word();
    const { email } = await signUpAndConfirm(page);
    // After signing up: on a phone the account button sign-up waits for sits in the menu.
    await page.setViewportSize(viewport);
    const id = await insertListing(email, { title: `Levende tittel ${w}`, status: 'active', publishedAt: new Date(), expiresAt: inAWeek() });

    await page.goto(`/legg-ut-annonse?edit=${id}`);
    await expect(page.getByLabel(wizard.fields.title)).toHaveValue(`Levende tittel ${w}`);
    await page.getByLabel(wizard.fields.title).fill(`Ventende tittel ${w}`);
    await wizardToLastStep(page);
    await page.getByRole('button', { name: wizard.save }).click();
    await expect(page).toHaveURL(/\/mine-annonser$/);
    const card = page.getByTestId('my-listing').filter({ hasText: `Levende tittel ${w}` });
    // The card leads with what the public sees; the change waits beside it.
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(`Levende tittel ${w}`);
    await expect(card.getByText(myListings.revisionPending, { exact: true })).toBeVisible();
    await expect(card.getByText(myListings.revisionTitle(`Ventende tittel ${w}`), { exact: true })).toBeVisible();
    await expect(card.getByText('Publisert', { exact: true })).toBeVisible();

    const staff = await staffPage(browser, viewport);
    await expect(staff.getByText(admin.panel, { exact: true })).toBeVisible();
    const revision = staff.getByRole('region', { name: overview.revisionTitle }).getByRole('article', { name: `Levende tittel ${w}` });
    await revision.getByRole('button', { name: overview.approve }).click({ timeout: 30_000 });
    await expect(revision).toHaveCount(0);
    await staff.goto('/admin/logg');
    await expect(staff.getByRole('heading', { name: adminLog.title })).toBeVisible({ timeout: 30_000 });
    const entry = staff.getByRole('row').filter({ hasText: `Ventende tittel ${w}` }).first();
    await expect(entry).toContainText(loggedActions.approvedChanges);
    await expect(entry).not.toContainText(loggedActions.approvedListing);

    await page.reload();
    await expect(page.getByTestId('my-listing').filter({ hasText: `Ventende tittel ${w}` }).getByRole('heading', { level: 2 })).toHaveText(`Ventende tittel ${w}`);
    await expect(page.getByTestId('revision-pending')).toHaveCount(0);
    await staff.context().close();
  });

  test(`${name}: /admin/brukere names the user type as /profil does and offers no 'Slett' on the admin's own row`, async ({ page, browser }) => {
    const { email } = await signUpAndConfirm(page);
    await page.setViewportSize(viewport);
    await page.goto('/profil');
    await expect(page.getByRole('heading', { name: profile.title })).toBeVisible();
    await expect(page.getByText(userTypeLabels.individual, { exact: true })).toBeVisible();

    const staff = await staffPage(browser, viewport);
    await staff.goto('/admin/brukere');
    const search = staff.getByRole('searchbox', { name: adminUsers.searchLabel });
    await search.fill(email);
    const row = staff.getByRole('row').filter({ hasText: email });
    await expect(row.getByRole('cell', { name: userTypeLabels.individual, exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(row.getByRole('button', { name: adminUsers.editFor(email) })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Slett / })).toBeVisible();
    await search.fill(DEMO_ADMIN.email);
    const own = staff.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
    await expect(own.getByRole('button', { name: adminUsers.editFor(DEMO_ADMIN.name) })).toBeVisible();
    await expect(own.getByRole('button', { name: /^Slett / })).toHaveCount(0);
    await staff.context().close();
  });
}
