import { expect, test } from '@playwright/test';
import { savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { VIPPS_SELLERS_FILTER } from '@bedriftstorget/core/texts/vipps';
import { signUpAndConfirm, uniqueEmail } from './helpers';

test("a search saved with 'Verifiserte selgere' keeps it: in its name, on /lagrede-sok and in its link back", async ({ page }) => {
  const word = `verif${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
  await signUpAndConfirm(page, uniqueEmail('verifisert'));
  await page.goto(`/alle-annonser?q=${word}`);
  await page.getByLabel(VIPPS_SELLERS_FILTER).check();
  await expect(page).toHaveURL(/selger=verifisert/);

  await page.getByRole('button', { name: texts.saveButton }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialogTitle });
  const name = `«${word}» · ${VIPPS_SELLERS_FILTER}`;
  await expect(dialog.getByLabel(texts.nameLabel)).toHaveValue(name);
  await dialog.getByRole('button', { name: texts.save }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: texts.saved }).first()).toBeVisible();

  await page.goto('/lagrede-sok');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.getByRole('link', { name: texts.openNamed(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/alle-annonser\\?q=${word}&selger=verifisert$`));
  await expect(page.getByLabel(VIPPS_SELLERS_FILTER)).toBeChecked();
});
