import { expect, test, type Page } from '@playwright/test';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { closeE2eDb, DEMO_SELLER_EMAIL, insertListing } from './admin-fixtures';

test.afterAll(closeE2eDb);

/** A listing whose price, revenue and result used to read in three formats: '2,5 MNOK', '4,8 mill. kr', '230 kNOK'. */
async function listing(tag: string): Promise<string> {
  return insertListing(DEMO_SELLER_EMAIL, {
    title: `Bakeri med kafé ${tag}`, status: 'active', publishedAt: new Date(), price: 2_500_000, revenue: 14_800_000, profit: 230_000,
    description: `Et godt drevet bakeri ${tag} med kafé, faste kunder og lange avtaler med leverandører i byen.`,
  });
}

const OTHER_FORMATS = /MNOK|kNOK|mill\.|\d,\d+\s?M\b/;

async function readsFinnsFormat(page: Page, tag: string): Promise<void> {
  // A buyer finds it in browse: the card's price and revenue in full, neither cut short
  await page.goto(`/alle-annonser?q=${tag}`);
  const card = page.locator('main article').filter({ hasText: tag });
  await expect(card.getByTestId('card-price')).toHaveText('2 500 000 kr');
  await expect(card).toContainText('14 800 000 kr');
  const cut = await card.locator('dd').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length);
  expect(cut).toBe(0);
  await expect(page.getByRole('main')).not.toContainText(OTHER_FORMATS);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // … opens it: the price and the key figures in the same format
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tag);
  await expect(page.getByText('2 500 000 kr').first()).toBeVisible();
  const figures = page.getByRole('region', { name: detail.keyFigures });
  await expect(figures).toContainText('14 800 000 kr');
  await expect(figures).toContainText('230 000 kr');
  await expect(page.getByRole('main')).not.toContainText(OTHER_FORMATS);
  // The crawler's description (the page's head as served) is the same text
  await page.reload();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^2\s500\s000\skr · /);
}

test('a buyer at a desktop reads every amount as FINN writes it', async ({ page }) => {
  const tag = `penger${crypto.randomUUID().slice(0, 6)}`;
  await listing(tag);
  await readsFinnsFormat(page, tag);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 393, height: 851 } });

  test('a buyer on a phone reads every amount as FINN writes it, none cut on the card', async ({ page }) => {
    const tag = `penger${crypto.randomUUID().slice(0, 6)}`;
    await listing(tag);
    await readsFinnsFormat(page, tag);
  });
});
