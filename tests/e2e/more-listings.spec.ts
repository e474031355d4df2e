import { expect, test, type Page } from '@playwright/test';
import { adminQuotaRequests, adminUsers, quotaRequestMail } from '@bedriftstorget/core/texts/admin';
import { auth } from '@bedriftstorget/core/texts/nb';
import { planLabels, quotaRequestTexts, wizard } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, DEMO_ADMIN, insertListing, userId } from './admin-fixtures';
import { sql } from './db';
import { latestMail, signUpAndConfirm } from './helpers';

test.afterAll(closeE2eDb);

/**
 * 'Be om flere annonser' (decision 141) as the seller and staff met it: the quota gate says what plan
 * and limit the account has and offers the request instead of an upgrade; staff answer it from
 * /admin/brukere; the seller is mailed and the wizard opens.
 */
const VIEWPORTS = [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 900 }]] as const;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

for (const [name, viewport] of VIEWPORTS) {
  test(`${name}: a seller at the limit asks for more from the quota gate; staff grant it in /admin/brukere; the wizard opens`, async ({ page, browser }) => {
    test.slow(); // two browsers
    const { email } = await signUpAndConfirm(page);
    await page.setViewportSize(viewport);
    await sql('UPDATE profiles SET max_listings = 1 WHERE id = ?', [await userId(email)]);
    await insertListing(email, { title: 'Den ene', status: 'pending' });

    await page.goto('/legg-ut-annonse');
    const alert = page.getByRole('alert').filter({ hasText: wizard.quotaTitle });
    await expect(alert).toContainText(wizard.quotaText(1));
    await expect(alert).not.toContainText('Oppgrader');
    await expect(alert.getByText(quotaRequestTexts.planLine(planLabels.free, 1), { exact: true })).toBeVisible();
    await alert.getByRole('button', { name: quotaRequestTexts.open }).click();
    const dialog = page.getByRole('dialog', { name: quotaRequestTexts.title });
    // No more than one has is refused in the dialog, with the field named.
    await dialog.getByLabel(quotaRequestTexts.wantedLabel).fill('1');
    await dialog.getByRole('button', { name: quotaRequestTexts.send }).click();
    await expect(dialog.getByRole('alert')).toHaveText(quotaRequestTexts.wantedNotMore(1));
    await dialog.getByLabel(quotaRequestTexts.wantedLabel).fill('5');
    await dialog.getByLabel(quotaRequestTexts.messageLabel).fill('Jeg selger tre kafeer i Bergen.');
    await dialog.getByRole('button', { name: quotaRequestTexts.send }).click();
    await expect(toast(page, quotaRequestTexts.sent)).toBeVisible();
    await expect(alert.getByText(new RegExp(`om 5 annonser\\. Forespørselen venter på svar\\.$`))).toBeVisible();
    await expect(alert.getByRole('button', { name: quotaRequestTexts.open })).toHaveCount(0);

    const staff = await (await browser.newContext({ viewport })).newPage();
    await staff.goto('/auth?mode=login');
    await staff.getByLabel(auth.email).fill(DEMO_ADMIN.email);
    await staff.getByLabel(auth.password).fill(DEMO_ADMIN.password);
    await staff.getByRole('button', { name: auth.loginButton }).click();
    await expect(staff).toHaveURL(/\/admin$/);
    await staff.goto('/admin/brukere');
    await staff.getByLabel(adminQuotaRequests.onlyRequests).check();
    await staff.getByRole('searchbox', { name: adminUsers.searchLabel }).fill(email);
    const row = staff.getByRole('row').filter({ hasText: email });
    await expect(row.getByText(adminQuotaRequests.badge(5), { exact: true })).toBeVisible({ timeout: 20_000 });
    await row.getByRole('button', { name: adminQuotaRequests.answerFor(email) }).click();
    const answer = staff.getByRole('dialog', { name: adminQuotaRequests.title });
    await expect(answer).toContainText('Brukerens melding: Jeg selger tre kafeer i Bergen.');
    await expect(answer.getByLabel(adminQuotaRequests.maxLabel)).toHaveValue('5');
    await answer.getByLabel(adminQuotaRequests.planLabel).selectOption('pro');
    // The note is required.
    await answer.getByRole('button', { name: adminQuotaRequests.send }).click();
    await expect(answer.getByRole('alert')).toHaveText(adminQuotaRequests.noteRequired);
    await answer.getByLabel(adminQuotaRequests.noteLabel).fill('Lykke til med salget.');
    await answer.getByRole('button', { name: adminQuotaRequests.send }).click();
    await expect(toast(staff, adminQuotaRequests.answered)).toBeVisible();
    await expect(row).toHaveCount(0);
    await staff.context().close();

    const mail = await latestMail(email, quotaRequestMail.grantedSubject);
    expect(mail.text).toContain('Melding fra Bedriftstorget: Lykke til med salget.');
    await page.goto('/mine-annonser');
    const standing = page.getByTestId('quota-standing');
    await expect(standing.getByText(quotaRequestTexts.planLine(planLabels.pro, 5), { exact: true })).toBeVisible();
    await expect(standing.getByText(quotaRequestTexts.note('Lykke til med salget.'), { exact: true })).toBeVisible();
    await page.goto('/legg-ut-annonse');
    await expect(page.getByLabel(wizard.fields.title)).toBeVisible();
  });
}
