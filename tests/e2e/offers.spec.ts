import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { underOffer } from '@bedriftstorget/core/texts/lifecycle';
import { adminListings } from '@bedriftstorget/core/texts/admin';
import { sellerStats } from '@bedriftstorget/core/texts/numbers';
import { offerTexts as texts, offerThread as t, soldPriceTexts, staffOffers } from '@bedriftstorget/core/texts/offers';
import { myListings } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, e2eDb, insertListing } from './admin-fixtures';
import { E2E } from './env';
import { signIn, signUpAndConfirm, uniqueEmail } from './helpers';

/**
 * 'Gi bud' end to end (decisions 121, 127, 128), on a phone and on a desktop: a buyer offers with the
 * form checked as the server checks it; the seller answers with a 'Motbud' from /mine-annonser → 'Bud';
 * the buyer accepts it in /mine-bud; the listing is 'Under bud'; both parties download the
 * Intensjonsavtale and a third user cannot; both read the Historikk; the seller marks it sold with the
 * final price, prefilled from the accepted offer; Statistikk counts the offer and staff see its state
 * without its message. axe has nothing to say about any of the new screens.
 */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const PHONE = { viewport: { width: 393, height: 851 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
type Device = typeof PHONE | typeof DESKTOP;

test.describe.configure({ mode: 'serial' });
test.afterAll(closeE2eDb);

/** Serious and critical axe findings (WCAG 2.1 AA), as tests/e2e/accessibility.spec.ts counts them. */
async function axe(page: Page, name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

/** 'Gi bud' with a price too low first: the server's message under the field, nothing sent; then 'Budet er sendt'. */
async function makeOffer(page: Page, listingId: string, price: string, problems: string[]) {
  await page.goto(`/bedrift/${listingId}`);
  await page.getByTestId('offer-panel').getByRole('button', { name: texts.open }).click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  await dialog.getByRole('button', { name: texts.send }).click();
  await expect(dialog.locator('#offer-price-error')).toHaveText(texts.priceRequired);
  await expect(dialog.getByLabel(texts.price)).toBeFocused();
  await expect(dialog.locator('#offer-financing-error')).toHaveText(texts.financingRequired);
  await dialog.getByLabel(texts.price).fill('5 000');
  await dialog.getByLabel(t.dealType.shares).check();
  await dialog.getByLabel(t.financing.equity).check();
  await dialog.getByRole('button', { name: texts.send }).click();
  await expect(dialog.locator('#offer-price-error')).toHaveText(texts.priceTooLow);
  await expect(dialog.getByLabel(texts.price)).toHaveAttribute('aria-invalid', 'true');
  problems.push(...(await axe(page, 'Gi bud with an error')));
  await dialog.getByLabel(texts.price).fill(price);
  await dialog.getByLabel(t.conditions.due_diligence).check();
  await dialog.getByLabel(texts.days).selectOption('7');
  await dialog.getByLabel(texts.message).fill('Vi vil gjerne overta med dagens ansatte.');
  await dialog.getByRole('button', { name: texts.send }).click();
  await expect(toast(page, texts.sent)).toBeVisible();
  await expect(page.getByTestId('offer-panel')).toContainText(t.standingNote);
}

async function sellerPage(browser: Browser, device: Device): Promise<Page> {
  const context = await browser.newContext(device);
  const seller = await context.newPage();
  await signIn(seller, DEMO_SELLER_EMAIL, 'selger123');
  await expect(seller).not.toHaveURL(/\/auth/);
  return seller;
}

async function downloadsLoi(page: Page, thread: ReturnType<Page['getByTestId']>) {
  const download = page.waitForEvent('download');
  await thread.getByRole('button', { name: t.loi }).click();
  expect((await download).suggestedFilename()).toMatch(/^Intensjonsavtale – /);
}

async function journey(browser: Browser, page: Page, device: Device, name: string, prices: { offer: string; counter: RegExp; counterTyped: string; final: string; finalKroner: number }) {
  test.slow();
  const problems: string[] = [];
  const title = `${name} ${Date.now().toString(36)}`;
  const listingId = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active', publishedAt: new Date(), price: 3_000_000 });
  // Signed up at a desktop's width (the account button sits in the phone's menu), then the device's.
  const buyer = await signUpAndConfirm(page, uniqueEmail('budgiver'));
  await page.setViewportSize(device.viewport);
  await makeOffer(page, listingId, prices.offer, problems);

  // The seller's 'Bud' in /mine-annonser: the offer waits for them; they answer with a 'Motbud'.
  const seller = await sellerPage(browser, device);
  await seller.goto('/mine-annonser');
  const thread = seller.getByTestId('seller-offers').getByTestId('offer-thread').filter({ hasText: buyer.email.split('@')[0]! });
  await expect(thread).toContainText(t.waitingForYou);
  problems.push(...(await axe(seller, '/mine-annonser with Bud')));
  await thread.getByRole('button', { name: t.counter }).click();
  const counter = seller.getByRole('dialog', { name: texts.counterTitle });
  await counter.getByLabel(texts.price).fill(prices.counterTyped);
  await counter.getByLabel(t.dealType.assets).check();
  await counter.getByLabel(t.financing.loan).check();
  await counter.getByRole('button', { name: texts.sendCounter }).click();
  await expect(toast(seller, texts.counterSent)).toBeVisible();
  await expect(thread).toContainText(t.waitingForOther);

  // The buyer's /mine-bud: the counter waits for them; the Historikk has both bids; they accept.
  await page.goto('/mine-bud');
  const mine = page.getByTestId('offer-thread').filter({ hasText: title });
  await expect(mine).toContainText(t.waitingForYou);
  await expect(mine).toContainText(prices.counter);
  await mine.getByText(t.timeline).click();
  await expect(mine.getByTestId('offer-timeline').locator('li')).toHaveCount(2);
  problems.push(...(await axe(page, '/mine-bud with Historikk')));
  await mine.getByRole('button', { name: t.accept }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.accept }).click();
  await expect(toast(page, t.accepted)).toBeVisible();
  await expect(mine.getByTestId('offer-status')).toHaveText(t.status.accepted);
  await expect(mine.getByTestId('offer-timeline').locator('li')).toHaveCount(3);
  await expect(mine.getByTestId('offer-timeline')).toContainText(t.event.counter);
  await downloadsLoi(page, mine);

  // The seller: accepted (live), the listing 'Under bud', the LOI theirs too.
  await expect(thread.getByTestId('offer-status')).toHaveText(t.status.accepted, { timeout: 15_000 });
  await downloadsLoi(seller, thread);
  await seller.reload();
  const card = seller.getByTestId('my-listing').filter({ hasText: title });
  await expect(card.getByText(underOffer.badge, { exact: true })).toBeVisible();

  // A third user asks for the LOI by the offer's id, as a browser would: refused.
  const [offer] = await e2eDb().select({ id: offers.id }).from(offers).where(eq(offers.listingId, listingId));
  const thirdContext = await browser.newContext(DESKTOP);
  const third = await thirdContext.newPage();
  await signUpAndConfirm(third, uniqueEmail('tredje'));
  const refused = await third.request.post('/trpc/offer.loi', { headers: { origin: E2E.appUrl }, data: { offerId: offer!.id } });
  expect(refused.status()).toBe(404);
  await thirdContext.close();

  // 'Marker som solgt': the final price is the accepted one until changed; a bad amount is refused under the field.
  await card.getByRole('button', { name: myListings.markSold }).click();
  const dialog = seller.getByRole('dialog', { name: myListings.markSold });
  await expect(dialog.getByLabel(soldPriceTexts.label)).toHaveValue(prices.counterTyped.replaceAll(' ', ''));
  await dialog.getByLabel(soldPriceTexts.label).fill('5');
  await dialog.getByRole('button', { name: soldPriceTexts.confirm }).click();
  await expect(dialog.locator('#sold-price-error')).toHaveText(soldPriceTexts.invalid);
  await expect(dialog.getByLabel(soldPriceTexts.label)).toBeFocused();
  problems.push(...(await axe(seller, 'Marker som solgt with an error')));
  await dialog.getByLabel(soldPriceTexts.label).fill(prices.final);
  await dialog.getByRole('button', { name: soldPriceTexts.confirm }).click();
  await expect(toast(seller, myListings.markedSold)).toBeVisible();
  await expect(card).toContainText('Solgt');
  const [sold] = await e2eDb().select({ status: listings.status, soldPrice: listings.soldPrice }).from(listings).where(eq(listings.id, listingId));
  expect(sold).toEqual({ status: 'sold', soldPrice: prices.finalKroner });
  if (device === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(393);

  // The seller's Statistikk counts the offer; staff see the count and the state, never the message.
  await seller.goto('/statistikk');
  await expect(seller.getByTestId('stats-table').getByRole('row').filter({ hasText: title })).toBeVisible();
  const columns = await seller.getByTestId('stats-table').locator('thead th').allInnerTexts();
  const offersColumn = columns.findIndex((text) => text.startsWith(sellerStats.columns.offers));
  expect(offersColumn).toBeGreaterThan(1);
  await expect(seller.getByTestId('stats-table').getByRole('row').filter({ hasText: title }).locator('th, td').nth(offersColumn)).toContainText('1');
  await seller.context().close();
  if (device === DESKTOP) {
    const staffContext = await browser.newContext(DESKTOP);
    const staff = await staffContext.newPage();
    await signIn(staff, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(staff).not.toHaveURL(/\/auth/);
    await staff.goto('/admin/annonser');
    await staff.getByPlaceholder(adminListings.search).fill(title);
    await staff.getByRole('row').filter({ hasText: title }).getByRole('button', { name: adminListings.edit }).click();
    const offersBox = staff.getByRole('dialog').getByTestId('admin-offers');
    await expect(offersBox).toContainText(staffOffers.title(1));
    await expect(offersBox).toContainText(`${t.status.accepted}: 1`);
    await expect(staff.getByRole('dialog')).not.toContainText('Vi vil gjerne overta');
    problems.push(...(await axe(staff, 'the admin listing with its offers')));
    await staffContext.close();
  }
  expect(problems).toEqual([]);
}

test('desktop: Gi bud, Motbud, accepted, Under bud, the LOI for both and nobody else, Historikk, sold with the final price', async ({ browser, page }) => {
  await journey(browser, page, DESKTOP, 'Bakeri', { offer: '2 400 000', counterTyped: '2 600 000', counter: /2\s600\s000\skr/, final: '2 550 000', finalKroner: 2_550_000 });
});

test.describe('phone', () => {
  // The buyer's page turns into a phone after signing up; the seller's is one from the start.
  test.use({ hasTouch: true });

  test('the same on a phone (393×851)', async ({ browser, page }) => {
    await journey(browser, page, PHONE, 'Frisørsalong', { offer: '1 700 000', counterTyped: '1 900 000', counter: /1\s900\s000\skr/, final: '1 850 000', finalKroner: 1_850_000 });
  });
});
