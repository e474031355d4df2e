import { expect, test, type Page } from '@playwright/test';
import { company as c } from '@bedriftstorget/core/texts/company';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { signUpAndConfirm } from './helpers';

/**
 * The preview (decision 149): 'Forhåndsvis annonsen' on the wizard's last step shows the listing as buyers will
 * read it — a confidential sale's county, not its town — and the seller goes back to the form with
 * everything kept, or sends it from the preview.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const next = (page: Page) => page.getByRole('button', { name: wizard.next }).click();

async function fillAllSteps(page: Page, title: string) {
  await page.goto('/legg-ut-annonse');
  await page.getByLabel(wizard.fields.title).fill(title);
  await page.getByLabel(wizard.fields.industry).selectOption('craft');
  await page.getByLabel(wizard.fields.location).fill('Bergen');
  await page.getByLabel(wizard.fields.description).fill('Et lønnsomt verksted med faste kunder.\n\nModerne maskiner og erfarne ansatte som gjerne blir med videre.');
  await page.getByLabel(c.confidentialLabel).check();
  await page.locator('#wizard-images').setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: PNG }]);
  await next(page);
  await page.getByLabel(wizard.fields.price).fill('2 450 000');
  await page.getByLabel(wizard.fields.revenue).fill('6 100 000');
  await next(page);
  await page.getByLabel(wizard.fields.employees).fill('7');
  await next(page);
  await page.getByLabel('Inventar').check();
  await next(page);
  await page.getByLabel(wizard.fields.ownerComment).fill('Jeg går av med pensjon.');
}

for (const [name, size] of [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 800 }]] as const) {
  test(`${name}: the preview shows the listing as buyers will read it; back keeps the form; sending from it submits`, async ({ page }) => {
    await signUpAndConfirm(page);
    await page.setViewportSize(size);
    const title = `Verksted til forhåndsvisning ${name}`;
    await fillAllSteps(page, title);

    await page.getByRole('button', { name: wizard.preview.open }).click();
    const preview = page.getByRole('dialog', { name: wizard.preview.title });
    await expect(preview.getByText(wizard.preview.note)).toBeVisible();
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview.getByText('2 450 000 kr').first()).toBeVisible();
    await expect(preview.getByText(industryLabels.craft)).toBeVisible();
    // Confidential: the county, as the public page shows it, never the town typed.
    await expect(preview.getByTestId('preview-location')).toHaveText('Vestland');
    await expect(preview.getByText('Bergen')).toHaveCount(0);
    await expect(preview.getByText(c.confidentialBadge)).toBeVisible();
    await expect(preview.getByText('Et lønnsomt verksted med faste kunder.')).toBeVisible();
    await expect(preview.getByText('«Jeg går av med pensjon.»')).toBeVisible();
    await expect(preview.getByRole('heading', { name: detail.keyFigures })).toBeVisible();
    await expect(preview.getByText('6 100 000 kr')).toBeVisible();
    // Nothing in it takes the seller away: no links.
    await expect(preview.getByRole('link')).toHaveCount(0);

    await preview.getByRole('button', { name: wizard.preview.back }).click();
    await expect(preview).toBeHidden();
    await expect(page.getByLabel(wizard.fields.ownerComment)).toHaveValue('Jeg går av med pensjon.');
    await expect(page.getByRole('button', { name: wizard.preview.open })).toBeFocused();

    await page.getByRole('button', { name: wizard.preview.open }).click();
    await preview.getByRole('button', { name: wizard.submit }).click();
    await expect(page).toHaveURL(/\/mine-annonser$/);
    await expect(page.getByTestId('my-listing').filter({ hasText: title })).toBeVisible();
  });
}
