import { expect, test, type Page } from '@playwright/test';
import { listing } from '@bedriftstorget/core/texts/listing-validation';
import { wizard } from '@bedriftstorget/core/texts/seller';

/**
 * The wizard's steps are entries in the browser's history (decision 138): Back on step 5 is step 4,
 * Forward is step 5 again, a reload stays on its step, and Back from step 1 leaves the wizard.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const f = wizard.fields;

async function onStep(page: Page, n: number) {
  await expect(page.getByText(wizard.stepOf(n, 5))).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: wizard.steps[n - 1] })).toBeVisible();
  // The wizard's first entry is the address it was opened with; every later step has its own
  if (n === 1) await expect(page).not.toHaveURL(/steg=[2-5]/);
  else await expect(page).toHaveURL(new RegExp(`steg=${n}`));
}

for (const [name, viewport] of [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 900 }]] as const) {
  test(`${name}: the browser's Back on step 5 goes to step 4, Forward comes back, a reload keeps the step`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.goto('/legg-ut-annonse');
    await onStep(page, 1);
    await page.getByLabel(f.title).fill('Verksted i Bergen med faste kunder');
    await page.getByLabel(f.industry).selectOption('craft');
    await page.getByLabel(f.location).fill('Bergen');
    await page.getByLabel(f.description).fill('Et lønnsomt verksted med faste kunder, moderne maskiner og erfarne ansatte som gjerne blir med videre.');
    await page.locator('#wizard-images').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('wizard-image')).toHaveCount(1);
    for (const n of [2, 3, 4, 5]) {
      await page.getByRole('button', { name: wizard.next }).click();
      await onStep(page, n);
    }
    await page.getByLabel(f.ownerComment).fill('Jeg går av med pensjon.');

    await page.goBack();
    await onStep(page, 4);
    // The focus follows to the step's heading, as after 'Neste'
    await expect(page.getByRole('heading', { level: 2, name: wizard.steps[3] })).toBeFocused();
    await page.goBack();
    await onStep(page, 3);
    await page.goForward();
    await onStep(page, 4);
    await page.goForward();
    await onStep(page, 5);
    await expect(page.getByLabel(f.ownerComment)).toHaveValue('Jeg går av med pensjon.');

    await page.reload();
    await onStep(page, 5);
    await expect(page.getByLabel(f.ownerComment)).toHaveValue('Jeg går av med pensjon.');

    // 'Forrige' is the same as Back: Forward returns to step 5
    await page.getByRole('button', { name: wizard.previous }).click();
    await onStep(page, 4);
    await page.goForward();
    await onStep(page, 5);

    // Back through every step, and once more leaves the wizard for the page before it
    for (const n of [4, 3, 2, 1]) {
      await page.goBack();
      await onStep(page, n);
    }
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    // The draft still has everything: opening the wizard again resumes on step 1 with the title
    await page.goForward();
    await onStep(page, 1);
    await expect(page.getByLabel(f.title)).toHaveValue('Verksted i Bergen med faste kunder');
  });
}

test('Forward past a step emptied after going back shows that step and its error, not the later one', async ({ page }) => {
  await page.setViewportSize({ width: 393, height: 851 });
  await page.goto('/legg-ut-annonse');
  await page.getByLabel(f.title).fill('Frisørsalong i sentrum');
  await page.getByLabel(f.industry).selectOption('services');
  await page.getByLabel(f.location).fill('Oslo');
  await page.getByLabel(f.description).fill('En trivelig frisørsalong med faste kunder og gode avtaler med leverandører gjennom mange år.');
  await page.locator('#wizard-images').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('wizard-image')).toHaveCount(1);
  await page.getByRole('button', { name: wizard.next }).click();
  await onStep(page, 2);
  await page.goBack();
  await onStep(page, 1);
  await page.getByLabel(f.title).fill('Fri');
  await page.goForward();
  await onStep(page, 1);
  await expect(page.getByText(listing.titleMin).first()).toBeVisible();
  await expect(page.getByLabel(f.title)).toBeFocused();
});
