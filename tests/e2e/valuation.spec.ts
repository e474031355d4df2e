import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { expect, test } from '@playwright/test';
import { valuation as texts } from '@bedriftstorget/core/texts/nb';

// A Norwegian amount as Intl writes it: groups of three split by a (no-break) space.
const nok = (value: string) => new RegExp(value.split(' ').join('\\s'));

test('the free valuation on the landing page gives a NOK range in Norwegian format', async ({ page }) => {
  await page.goto('/#verdivurdering');
  const section = page.locator('#verdivurdering');
  await expect(section.getByRole('heading', { name: texts.title })).toBeVisible();

  await section.getByLabel(texts.industry).selectOption({ label: industryLabels.services });
  await section.getByLabel(texts.revenue).fill('3 000 000');
  await section.getByLabel(texts.profit).fill('800 000');
  await section.getByLabel(texts.email).fill('kari@example.no');
  await section.getByRole('button', { name: texts.submit }).click();

  // services: 2–3.5 × the profit of 800 000
  const result = section.getByRole('status');
  await expect(result).toContainText(texts.resultTitle);
  await expect(result).toContainText(nok('1 600 000 kr – 2 800 000 kr'));
  await expect(result).toContainText(texts.byProfit);
  await expect(result).toContainText(texts.emailThanks('kari@example.no'));

  // A loss (−3,3 %) keeps a third of the revenue value: 0.25–0.4 × 3 000 000 × 1/3
  await section.getByLabel(texts.profit).fill('−100 000');
  await section.getByRole('button', { name: texts.submit }).click();
  await expect(result).toContainText(nok('250 000 kr – 400 000 kr'));
  await expect(result).toContainText(texts.byRevenue);
});

test('the valuation form shows what is missing next to each field', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#verdivurdering');
  // The form loads as its section comes near the viewport (decision 021).
  await section.scrollIntoViewIfNeeded();
  const submit = section.getByRole('button', { name: texts.submit });
  await submit.click();
  await expect(section.getByLabel(texts.industry)).toHaveAccessibleDescription(texts.chooseIndustry);
  await expect(section.getByLabel(texts.revenue)).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByLabel(texts.revenue)).toHaveAccessibleDescription(texts.figuresRequired);

  await section.getByLabel(texts.industry).selectOption({ label: industryLabels.tech });
  await section.getByLabel(texts.revenue).fill('mye');
  await submit.click();
  await expect(section.getByLabel(texts.revenue)).toHaveAccessibleDescription(texts.amountInvalid);
  await expect(section.getByLabel(texts.industry)).not.toHaveAttribute('aria-invalid');
  await expect(section.getByRole('status')).toBeEmpty();
});

test('a restaurant with a loss is valued below the same restaurant with a profit', async ({ page }) => {
  await page.goto('/#verdivurdering');
  const section = page.locator('#verdivurdering');
  await section.getByLabel(texts.industry).selectOption({ label: industryLabels.restaurant });
  await section.getByLabel(texts.revenue).fill('4 800 000');
  await section.getByLabel(texts.profit).fill('600 000');
  await section.getByRole('button', { name: texts.submit }).click();
  const result = section.getByRole('status');
  await expect(result).toContainText(nok('1 200 000 kr – 1 800 000 kr'));
  await section.getByLabel(texts.profit).fill('−200 000');
  await section.getByRole('button', { name: texts.submit }).click();
  // margin −4,2 %: 0,29 × 0.2–0.35 × 4 800 000
  await expect(result).toContainText(nok('280 000 kr – 490 000 kr'));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the result comes into view in a live region, and invalid input clears it', async ({ page }) => {
    await page.goto('/#verdivurdering');
    const section = page.locator('#verdivurdering');
    await section.getByLabel(texts.industry).selectOption({ label: industryLabels.services });
    await section.getByLabel(texts.revenue).fill('3 000 000');
    await section.getByLabel(texts.profit).fill('400 000');
    await section.getByRole('button', { name: texts.submit }).click();
    const status = section.getByRole('status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    // A hair salon with 3 MNOK revenue and 400 k result: 2–3.5 × the result
    await expect(status).toContainText(nok('800 000 kr – 1 400 000 kr'));
    await expect(section.getByTestId('valuation-result')).toBeInViewport();
    // Without an e-mail nobody promises to call
    await expect(status).not.toContainText('Takk!');

    await section.getByLabel(texts.revenue).fill('mye');
    await section.getByRole('button', { name: texts.submit }).click();
    await expect(section.getByLabel(texts.revenue)).toHaveAccessibleDescription(texts.amountInvalid);
    await expect(status).toBeEmpty();
  });
});
