import { expect, test, type Page } from '@playwright/test';
import { images, wizard } from '@bedriftstorget/core/texts/seller';
import { signUpAndConfirm } from './helpers';

/** Replacing pictures in the wizard, on a phone and on a desktop: removed ones free their places at once; a failed one is named on the last step. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const addImages = (page: Page, ...names: string[]) => page.locator('#wizard-images').setInputFiles(names.map((name) => ({ name, mimeType: 'image/png', buffer: PNG })));
const next = (page: Page) => page.getByRole('button', { name: wizard.next }).click();

async function fillAllSteps(page: Page, title: string) {
  await page.getByLabel(wizard.fields.title).fill(title);
  await page.getByLabel(wizard.fields.industry).selectOption('craft');
  await page.getByLabel(wizard.fields.location).fill('Bergen');
  await page.getByLabel(wizard.fields.description).fill('Et lønnsomt verksted med faste kunder, moderne maskiner og erfarne ansatte som gjerne blir med videre.');
}

for (const [device, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1366, height: 800 }]] as const) {
  test(`${device}: five pictures removed and five new picked are all stored, none refused`, async ({ page }) => {
    test.slow();
    await signUpAndConfirm(page);
    await page.setViewportSize(size);
    await page.goto('/legg-ut-annonse');
    await addImages(page, '1.png', '2.png', '3.png', '4.png', '5.png');
    await expect(page.getByText(images.uploaded, { exact: true })).toHaveCount(5);
    for (let i = 0; i < 5; i += 1) await page.getByRole('button', { name: images.remove(1), exact: true }).click();
    await expect(page.getByTestId('wizard-image')).toHaveCount(0);
    await addImages(page, '6.png', '7.png', '8.png', '9.png', '10.png');
    await expect(page.getByText(images.uploaded, { exact: true })).toHaveCount(5);
    await expect(page.getByText(images.tooManyText)).toHaveCount(0);
  });
}

test('a picture that failed to upload is named on the last step with what to do, not as a wait', async ({ page }) => {
  test.slow();
  await signUpAndConfirm(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/legg-ut-annonse');
  await fillAllSteps(page, 'Verksted med et bilde som feilet');
  await addImages(page, 'ok.png');
  await expect(page.getByText(images.uploaded, { exact: true })).toHaveCount(1);
  // The storage refuses the second picture's bytes (a dropped connection, as on a train).
  await page.route('**/s3/**', (route) => route.abort());
  await addImages(page, 'feil.png');
  await expect(page.getByText(images.uploadFailed, { exact: true })).toBeVisible();
  await next(page);
  await page.getByLabel(wizard.fields.price).fill('2 450 000');
  await page.getByLabel(wizard.fields.revenue).fill('6 100 000');
  await page.getByLabel(wizard.fields.profit).fill('780 000');
  await next(page);
  await page.getByLabel(wizard.fields.employees).fill('7');
  await page.getByLabel(wizard.fields.established).fill('2011');
  await page.getByLabel(wizard.fields.companyForm).selectOption('as');
  await next(page);
  await next(page);
  await expect(page.getByText(wizard.stepOf(5, 5))).toBeVisible();
  await page.getByRole('button', { name: wizard.submit }).click();
  const alert = page.getByRole('alert').filter({ hasText: images.notStored(2) });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(images.uploadFailed);
  await expect(alert).toContainText(images.notStoredHelp);
  await expect(page.getByText(wizard.waitForUploads)).toHaveCount(0);
  await page.unroute('**/s3/**');
  await alert.getByRole('button', { name: images.showImages }).click();
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
  await page.getByRole('button', { name: images.retry }).click();
  await expect(page.getByText(images.uploaded, { exact: true })).toHaveCount(2);
});
