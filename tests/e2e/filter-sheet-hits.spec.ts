import { expect, test } from '@playwright/test';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { browse } from '@bedriftstorget/core/texts/marketplace';
import { closeE2eDb, DEMO_SELLER_EMAIL, insertListing } from './admin-fixtures';

test.afterAll(closeE2eDb);
test.use({ viewport: { width: 393, height: 851 }, hasTouch: true });

/** 'Vis N treff' (decision 146): the phone's filter sheet's button says what the filters give, from browse's own count. */
test('the filter sheet’s button counts the hits of the filters as applied, and only those', async ({ page }) => {
  const word = `Treffteller${Date.now().toString(36)}`;
  const published = { status: 'active' as const, publishedAt: new Date(), price: 900_000 };
  await insertListing(DEMO_SELLER_EMAIL, { ...published, title: `Kafé ${word}`, industry: 'restaurant', location: 'Bergen' });
  await insertListing(DEMO_SELLER_EMAIL, { ...published, title: `Rørlegger ${word}`, industry: 'services', location: 'Oslo' });
  const browseCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('listing.browse')) browseCalls.push(request.url());
  });
  await page.goto(`/alle-annonser?q=${word}`);
  await expect(page.getByTestId('result-count')).toHaveText('Viser 2 av 2 annonser');
  await page.getByRole('button', { name: browse.filters }).click();
  const sheet = page.getByRole('dialog', { name: browse.filters });
  await expect(sheet.getByRole('button', { name: 'Vis 2 treff' })).toBeVisible();
  const callsBefore = browseCalls.length;

  await sheet.getByLabel(browse.industry).selectOption({ label: industryLabels.restaurant });
  await expect(sheet.getByRole('button', { name: 'Vis 1 treff' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('Viser 1 av 1 annonse');
  // The page's own search for the new filter is the only request: the button asks nothing of its own.
  expect(browseCalls.length - callsBefore).toBe(1);

  // A price typed and not applied is not in any count yet: no number until it is.
  const minPrice = sheet.getByLabel(browse.rangeFrom(browse.ranges.price));
  await minPrice.fill('1 000 000');
  await expect(sheet.getByRole('button', { name: browse.showResults })).toBeVisible();
  await minPrice.press('Enter');
  await expect(page).toHaveURL(/pris-fra=1000000/);
  await expect(sheet.getByRole('button', { name: 'Vis 0 treff' })).toBeVisible();

  await sheet.getByLabel(browse.rangeFrom(browse.ranges.price)).fill('');
  await sheet.getByLabel(browse.rangeFrom(browse.ranges.price)).press('Enter');
  await expect(sheet.getByRole('button', { name: 'Vis 1 treff' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Vis 1 treff' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.locator('main article')).toHaveCount(1);
  await expect(page.locator('main article')).toContainText(`Kafé ${word}`);
});
