import { expect, test, type Page } from '@playwright/test';
import { images, wizard } from '@bedriftstorget/core/texts/seller';
import { sql } from './db';
import { signUpAndConfirm } from './helpers';

/** A real 1×1 PNG: the browser decodes it and the server checks its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const DESCRIPTION = 'Et lønnsomt verksted med faste kunder, moderne maskiner og erfarne ansatte som gjerne blir med videre.';

/** The wizard to its last step with figures; the caller decides on the valuation and submits. */
async function wizardToLastStep(page: Page, title: string) {
  await page.goto('/legg-ut-annonse');
  await page.getByLabel(wizard.fields.title).fill(title);
  await page.getByLabel(wizard.fields.industry).selectOption('craft');
  await page.getByLabel(wizard.fields.location).fill('Bergen');
  await page.getByLabel(wizard.fields.description).fill(DESCRIPTION);
  await page.locator('#wizard-images').setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page.getByText(images.uploaded)).toHaveCount(1);
  await page.getByRole('button', { name: wizard.next }).click();
  await page.getByLabel(wizard.fields.price).fill('2 450 000');
  await page.getByLabel(wizard.fields.revenue).fill('6 100 000');
  await page.getByLabel(wizard.fields.profit).fill('780 000');
  for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: wizard.next }).click();
  await expect(page.getByText(wizard.stepOf(5, 5))).toBeVisible();
}

async function requestsFor(title: string): Promise<number> {
  const rows = (await sql(
    'SELECT COUNT(*) AS n FROM valuation_requests v JOIN listings l ON l.id = v.listing_id WHERE l.title = ?', [title],
  )) as { n: number }[];
  return Number(rows[0]!.n);
}

test("the wizard files the seller's figures as a valuation request only when the seller asks for one", async ({ page }) => {
  await signUpAndConfirm(page);
  const tag = crypto.randomUUID().slice(0, 8);

  const silent = `Verksted uten vurdering ${tag}`;
  await wizardToLastStep(page, silent);
  await expect(page.getByLabel(wizard.wantsValuation)).not.toBeChecked();
  await page.getByRole('button', { name: wizard.submit }).click();
  await expect(page).toHaveURL(/\/mine-annonser/);

  const asked = `Verksted med vurdering ${tag}`;
  await wizardToLastStep(page, asked);
  await page.getByLabel(wizard.wantsValuation).check();
  await page.getByRole('button', { name: wizard.submit }).click();
  await expect(page).toHaveURL(/\/mine-annonser/);

  await expect.poll(() => requestsFor(asked)).toBe(1);
  expect(await requestsFor(silent)).toBe(0);
});
