import { expect, test } from '@playwright/test';
import { browse } from '@bedriftstorget/core/texts/marketplace';
import { industryLabels } from '@bedriftstorget/core/listing/labels';

/** Place as county, then municipality (decision 093), and min/max ranges, all in the URL. */
test('browse by county and by price and revenue ranges', async ({ page }) => {
  await page.goto('/alle-annonser');
  const county = page.locator('#side-county');
  const municipality = page.locator('#side-municipality');
  // No county yet: the municipality waits for one, and says so.
  await expect(municipality).toBeDisabled();
  await expect(municipality).toHaveAccessibleDescription(browse.chooseCountyFirst);
  await county.selectOption('Vestland');
  await expect(page).toHaveURL(/sted=Vestland/);
  await expect(municipality).toBeEnabled();
  await expect(municipality.locator('option')).toHaveText([browse.wholeCounty, 'Bergen', 'Førde', 'Voss', 'Stord', 'Odda']);
  const places = page.locator('main article p.uppercase');
  await expect(places.first()).toBeVisible();
  // The URL changes first; the list follows when the filtered answer arrives.
  await expect
    .poll(async () => {
      const texts = await places.allInnerTexts();
      return texts.length > 0 && texts.every((l) => /bergen$/i.test(l));
    })
    .toBe(true);

  await municipality.selectOption('Bergen');
  await expect(page).toHaveURL(/sted=Bergen/);
  // The URL keeps the choice: a reload shows the county and the municipality again.
  await page.reload();
  await expect(county).toHaveValue('Vestland');
  await expect(municipality).toHaveValue('Bergen');
  // A former county name in a link is its county now.
  await page.goto('/alle-annonser?sted=Hordaland');
  await expect(county).toHaveValue('Vestland');
  // In the keyboard's order: the county, then its municipality.
  await county.focus();
  await page.keyboard.press('Tab');
  await expect(municipality).toBeFocused();
  await county.selectOption('');
  await expect(page).not.toHaveURL(/sted=/);
  await page.getByLabel(browse.rangeFrom(browse.ranges.price)).fill('3 000 000');
  await page.getByLabel(browse.rangeFrom(browse.ranges.price)).press('Enter');
  await expect(page).toHaveURL(/pris-fra=3000000/);
  await page.locator('#sort-desktop').selectOption('price_asc');
  await expect(page).toHaveURL(/sortering=price_asc/);
  const firstPrice = page.locator('main article').first();
  await expect(firstPrice).toBeVisible();
  // The cheapest listing from 3 M: no card under it.
  await expect(page.getByText(/Viser \d+ av \d+ annonser/)).toBeVisible();
  const total = Number((await page.getByText(/Viser \d+ av \d+ annonser/).innerText()).match(/av (\d+)/)![1]);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(42);

  // Not a number: no filter, and no error.
  await page.getByLabel(browse.rangeTo(browse.ranges.revenue)).fill('abc');
  await page.getByLabel(browse.rangeTo(browse.ranges.revenue)).press('Enter');
  await expect(page).not.toHaveURL(/omsetning-til/);
  await page.goto('/alle-annonser?omsetning-til=abc&resultat-fra=-100000');
  await expect(page.getByLabel(browse.rangeFrom(browse.ranges.profit))).toHaveValue('-100000');
  await expect(page.getByLabel(browse.rangeTo(browse.ranges.revenue))).toHaveValue('');
});

/** On a phone the filters are a drawer: a price typed and not applied is kept when another filter changes. */
test.describe('filter drawer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a min price typed before the industry changes is kept when the results are shown', async ({ page }) => {
    await page.goto('/alle-annonser');
    await page.getByRole('button', { name: browse.filters }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel(browse.rangeFrom(browse.ranges.price)).fill('250 000');
    await drawer.getByLabel(browse.industry).selectOption({ label: industryLabels.restaurant });
    await expect(page).toHaveURL(/bransje=restaurant/);
    await expect(page).toHaveURL(/pris-fra=250000/);
    await drawer.locator('#drawer-county').selectOption('Trøndelag');
    await drawer.locator('#drawer-municipality').selectOption('Trondheim');
    await drawer.getByLabel(browse.rangeTo(browse.ranges.price)).fill('900 000');
    await drawer.getByRole('button', { name: browse.showResults }).click();
    await expect(drawer).toBeHidden();
    for (const part of [/bransje=restaurant/, /pris-fra=250000/, /pris-til=900000/, /sted=Trondheim/]) await expect(page).toHaveURL(part);
  });
});
