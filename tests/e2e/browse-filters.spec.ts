import { expect, test } from '@playwright/test';
import { browse } from '@bedriftstorget/core/texts/marketplace';

/** Free-text location (a town or a county, suggested from the data) and min/max ranges, all in the URL. */
test('browse by county and by price and revenue ranges', async ({ page }) => {
  await page.goto('/alle-annonser');
  const location = page.locator('#side-location');
  // Suggestions come from the listings: towns and their counties.
  await expect(page.locator('#side-location-suggestions option[value="Vestland"]')).toHaveCount(1);
  await location.fill('Vestland');
  await expect(page).toHaveURL(/sted=Vestland/);
  const places = page.locator('main article p.uppercase');
  await expect(places.first()).toBeVisible();
  // The URL changes first; the list follows when the filtered answer arrives.
  await expect
    .poll(async () => {
      const texts = await places.allInnerTexts();
      return texts.length > 0 && texts.every((l) => /bergen$/i.test(l));
    })
    .toBe(true);

  await location.fill('');
  await location.press('Enter');
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
