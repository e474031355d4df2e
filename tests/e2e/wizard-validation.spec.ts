import { expect, test, type Page } from '@playwright/test';
import { listing as v } from '@bedriftstorget/core/texts/listing-validation';
import { wizard } from '@bedriftstorget/core/texts/seller';

/**
 * The wizard checks each step with the server's schema where the seller types (decision 034):
 * the message under the field, aria-invalid, focus on the first invalid field, one summary in an
 * alert region, no toasts; fixing a field clears its message.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const DESCRIPTION = 'Et lønnsomt verksted med faste kunder, moderne maskiner og erfarne ansatte som gjerne blir med videre.';
const f = wizard.fields;

const next = (page: Page) => page.getByRole('button', { name: wizard.next }).click();
const summary = (page: Page) => page.getByTestId('wizard-errors');
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

async function validBasics(page: Page, title = 'Verksted i Bergen') {
  await page.getByLabel(f.title).fill(title);
  await page.getByLabel(f.industry).selectOption('craft');
  await page.getByLabel(f.location).fill('Bergen');
  await page.getByLabel(f.description).fill(DESCRIPTION);
  await page.locator('#wizard-images').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('wizard-image')).toHaveCount(1);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/legg-ut-annonse');
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
});

test('an empty step 1: each message under its field, aria-invalid, focus on the first, one summary; fixing clears', async ({ page }) => {
  await next(page);
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
  const title = page.getByLabel(f.title);
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription(v.titleMin);
  await expect(page.locator('#title-error')).toHaveText(v.titleMin);
  await expect(page.getByLabel(f.industry)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(f.industry)).toHaveAccessibleDescription(v.industry);
  await expect(page.getByLabel(f.location)).toHaveAccessibleDescription(v.location);
  await expect(page.getByLabel(f.description)).toHaveAccessibleDescription(new RegExp(`^${v.descriptionMin}`));
  await expect(page.getByRole('button', { name: 'Legg til bilder' })).toHaveAccessibleDescription(new RegExp(`^${v.imageRequired}`));

  const alert = page.getByRole('alert').filter({ hasText: wizard.errorSummary(5) });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link')).toHaveCount(5);
  await alert.getByRole('link', { name: `${f.location}: ${v.location}` }).click();
  await expect(page.getByLabel(f.location)).toBeFocused();
  await expect(toasts(page)).toHaveCount(0);

  await title.fill('Bakeri i sentrum');
  await expect(title).not.toHaveAttribute('aria-invalid');
  await expect(page.locator('#title-error')).toHaveCount(0);
  await expect(summary(page)).toContainText(wizard.errorSummary(4));
  await page.getByLabel(f.industry).selectOption('restaurant');
  await page.getByLabel(f.location).fill('Oslo');
  await page.getByLabel(f.description).fill(DESCRIPTION);
  await page.locator('#wizard-images').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await expect(summary(page)).toBeEmpty();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await next(page);
  await expect(page.getByText(wizard.stepOf(2, 5))).toBeVisible();
});

test('a 3-letter title stops on step 1, not at save', async ({ page }) => {
  await validBasics(page, 'Abc');
  await next(page);
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
  await expect(page.getByLabel(f.title)).toBeFocused();
  await expect(page.getByLabel(f.title)).toHaveAccessibleDescription(v.titleMin);
  await expect(summary(page)).toContainText(wizard.errorSummary(1));
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await expect(toasts(page)).toHaveCount(0);
});

test('number fields refuse text with a message, and a fix lets the seller on', async ({ page }) => {
  await validBasics(page);
  await next(page);
  await expect(page.getByText(wizard.stepOf(2, 5))).toBeVisible();
  await page.getByLabel(f.price).fill('2 450 000');
  await page.getByLabel(f.revenue).fill('abc');
  await page.getByLabel(f.equityPercent).fill('140');
  await next(page);
  await expect(page.getByText(wizard.stepOf(2, 5))).toBeVisible();
  const revenue = page.getByLabel(f.revenue);
  await expect(revenue).toBeFocused();
  await expect(revenue).toHaveAttribute('aria-invalid', 'true');
  await expect(revenue).toHaveAccessibleDescription(v.number);
  await expect(page.getByLabel(f.equityPercent)).toHaveAccessibleDescription(v.percent);
  await expect(page.getByLabel(f.price)).not.toHaveAttribute('aria-invalid');
  await expect(summary(page)).toContainText(wizard.errorSummary(2));
  await expect(toasts(page)).toHaveCount(0);

  await revenue.fill('6 100 000');
  await expect(revenue).not.toHaveAttribute('aria-invalid');
  await expect(page.locator('#revenue-error')).toHaveCount(0);
  await page.getByLabel(f.equityPercent).fill('40');
  await expect(summary(page)).toBeEmpty();
  await next(page);
  await expect(page.getByText(wizard.stepOf(3, 5))).toBeVisible();
  await page.getByLabel(f.employees).fill('2,5');
  await next(page);
  await expect(page.getByLabel(f.employees)).toBeFocused();
  await expect(page.getByLabel(f.employees)).toHaveAccessibleDescription(v.integer);
});
