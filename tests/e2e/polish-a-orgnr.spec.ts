import { expect, test, type Page } from '@playwright/test';
import { company } from '@bedriftstorget/core/texts/company';
import { wizard } from '@bedriftstorget/core/texts/seller';

/**
 * 'Organisasjonsnummer' is looked up when the field is left (decision 139): a number with a valid
 * check digit that belongs to no company is marked on step 1, not refused with a toast at 'Send til
 * gjennomgang'; a real one shows the company's name and kommune to confirm.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const f = wizard.fields;
/** Valid check digit, no company in the (stand-in) registry. */
const NOBODY = '910 000 802';

async function fillStepOne(page: Page) {
  await page.goto('/legg-ut-annonse');
  await page.getByLabel(f.title).fill('Kafé på brygga med faste gjester');
  await page.getByLabel(f.industry).selectOption('restaurant');
  await page.getByLabel(f.location).fill('Bergen');
  await page.getByLabel(f.description).fill('En populær kafé på brygga med faste gjester, gode leverandøravtaler og lange åpningstider hele året.');
  await page.locator('#wizard-images').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('wizard-image')).toHaveCount(1);
}

for (const [name, viewport] of [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 900 }]] as const) {
  test(`${name}: a number that belongs to no company is marked when the field is left; a real one shows the company to confirm`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await fillStepOne(page);
    const field = page.getByLabel(company.orgnrLabel);
    await field.fill(NOBODY);
    await field.press('Tab');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(company.notFound.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // 'Neste' stays on step 1 with the field named in the summary and focused
    await page.getByRole('button', { name: wizard.next }).click();
    await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
    await expect(field).toBeFocused();

    await field.fill('910 000 101');
    await field.press('Tab');
    const answer = page.getByTestId('orgnr-lookup');
    await expect(answer).toContainText(company.lookup.confirm);
    await expect(answer).toContainText('FJORDKAFEEN AS, BERGEN');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: wizard.next }).click();
    await expect(page.getByText(wizard.stepOf(2, 5))).toBeVisible();
  });
}

test('Enter in the field without leaving it: Neste waits for the registry and stays on step 1', async ({ page }) => {
  await fillStepOne(page);
  const field = page.getByLabel(company.orgnrLabel);
  await field.fill(NOBODY);
  await field.press('Enter');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(company.notFound).first()).toBeVisible();
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
  // A wrong check digit is marked as soon as the field is left, without asking the registry
  await field.fill('910 000 102');
  await field.press('Tab');
  await expect(page.getByText(company.orgnrInvalid).first()).toBeVisible();
});
