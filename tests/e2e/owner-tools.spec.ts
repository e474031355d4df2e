import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { sellerStats } from '@bedriftstorget/core/texts/numbers';
import { soldPriceTexts } from '@bedriftstorget/core/texts/offers';
import { myListings, ownerTools } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, e2eDb, insertListing } from './admin-fixtures';
import { signUpAndConfirm } from './helpers';

test.afterAll(closeE2eDb);
/** The phone's size (signing up needs the desktop header's 'Min konto', so the size is set after). */
const PHONE = { width: 393, height: 851 };

const scriptsOf = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js')));
const tools = (page: Page) => page.getByRole('region', { name: ownerTools.heading });

/**
 * The owner's tools on their own listing page (decision 146): from the signed-in caller's own part,
 * never the public (edge-cached) page — a buyer and a visitor on the same page see none of them.
 */
test('the owner edits, marks sold and opens the statistics from the listing page; nobody else sees the tools', async ({ page, browser }) => {
  const owner = await signUpAndConfirm(page);
  await page.setViewportSize(PHONE);
  const title = `Eiers verktøy ${Date.now().toString(36)}`;
  const id = await insertListing(owner.email, { title, status: 'active', publishedAt: new Date(), price: 1_200_000 });

  // A buyer, signed in, and a visitor: the public page, without the tools.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUpAndConfirm(buyer);
  await buyer.setViewportSize(PHONE);
  await buyer.goto(`/bedrift/${id}`);
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The buyer's own part has come (the offer panel waits for it), and whatever it loads has loaded:
  // only then does 'no tools' mean the page decided so, not that it has not decided yet.
  await expect(buyer.getByTestId('offer-panel')).toBeVisible();
  await buyer.waitForLoadState('networkidle');
  await expect(buyer.getByRole('button', { name: myListings.markSold })).toHaveCount(0);
  await expect(tools(buyer)).toHaveCount(0);
  const visitorContext = await browser.newContext({ viewport: PHONE });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/bedrift/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.waitForLoadState('networkidle');
  await expect(tools(visitor)).toHaveCount(0);
  // The public answer is the same for all: no trace of the tools' code in what a visitor loaded.
  expect((await scriptsOf(visitor)).some((name) => /owner-tools/.test(name))).toBe(false);
  await buyerContext.close();
  await visitorContext.close();

  await page.goto(`/bedrift/${id}`);
  const mine = tools(page);
  await expect(mine).toBeVisible();
  // Its code came for the owner only (the check above is not vacuous: this is the chunk's name).
  expect((await scriptsOf(page)).some((name) => /owner-tools/.test(name))).toBe(true);
  await expect(mine.getByRole('link', { name: ownerTools.edit })).toHaveAttribute('href', `/legg-ut-annonse?edit=${id}`);
  await expect(mine.getByRole('link', { name: ownerTools.statistics })).toHaveAttribute('href', `/statistikk?annonse=${id}`);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await mine.getByRole('button', { name: ownerTools.markSold }).click();
  const dialog = page.getByRole('dialog', { name: myListings.markSold });
  await dialog.getByLabel(soldPriceTexts.label).fill('1 100 000');
  await dialog.getByRole('button', { name: soldPriceTexts.confirm }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: myListings.markedSold }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const [sold] = await e2eDb().select({ status: listings.status, soldPrice: listings.soldPrice }).from(listings).where(eq(listings.id, id));
  expect(sold).toEqual({ status: 'sold', soldPrice: 1_100_000 });

  // 'Statistikk' opens the seller's statistics for this listing.
  await mine.getByRole('link', { name: ownerTools.statistics }).click();
  await expect(page).toHaveURL(new RegExp(`/statistikk\\?annonse=${id}`));
  await expect(page.getByLabel(sellerStats.chooseListing)).toHaveValue(id);
});
