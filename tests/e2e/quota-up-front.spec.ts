import { expect, test } from '@playwright/test';
import { settingsTexts } from '@bedriftstorget/core/texts/numbers';
import { myListings, wizard } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, DEMO_ADMIN, insertListing, userId } from './admin-fixtures';
import { sql } from './db';
import { signIn, signUpAndConfirm } from './helpers';

/** The quota is told when the wizard opens, in the right number; the setting's 0 is refused. */
test.afterAll(closeE2eDb);

for (const [device, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 800 }]] as const) {
  test(`${device}: a seller with a full quota learns it when the wizard opens, before any field`, async ({ page }) => {
    const { email } = await signUpAndConfirm(page);
    await sql('UPDATE profiles SET max_listings = 1 WHERE id = ?', [await userId(email)]);
    await insertListing(email, { title: 'Venter på godkjenning', status: 'pending' });
    await page.setViewportSize(size);
    await page.goto('/legg-ut-annonse');
    const alert = page.getByRole('alert').filter({ hasText: wizard.quotaTitle });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(wizard.quotaText(1));
    await expect(alert).toContainText('1 av 1 annonse brukt');
    await expect(page.getByLabel(wizard.fields.title)).toHaveCount(0);
    await alert.getByRole('link', { name: wizard.toMyListings }).click();
    await expect(page).toHaveURL(/\/mine-annonser$/);
    await expect(page.getByText('1 av 1 annonse brukt', { exact: true })).toBeVisible();
  });
}

test('a seller with room opens the wizard as before, and the count is plural for more than one', async ({ page }) => {
  const { email } = await signUpAndConfirm(page);
  await insertListing(email, { title: 'En av tre', status: 'active', publishedAt: new Date() });
  await insertListing(email, { title: 'To av tre', status: 'pending' });
  await page.goto('/legg-ut-annonse');
  await expect(page.getByLabel(wizard.fields.title)).toBeVisible();
  await expect(page.getByText(wizard.quotaTitle)).toHaveCount(0);
  await page.goto('/mine-annonser');
  await expect(page.getByText(myListings.quota(2, 3), { exact: true })).toHaveText('2 av 3 annonser brukt');
});

test('Innstillinger refuses 0 for the quota, under a label that says what it counts', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/innstillinger');
  const quota = page.getByLabel('Maks annonser per bruker (publiserte og til godkjenning)');
  await quota.fill('0');
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText(settingsTexts.quotaInvalid)).toBeVisible();
  await expect(page.getByText('Skriv et helt tall fra 1 til 10 000')).toBeVisible();
  const [row] = (await sql('SELECT max_active_listings AS n FROM app_settings WHERE id = 1')) as { n: number }[];
  expect(row?.n).toBeGreaterThan(0);
});
