import { expect, test, type Page } from '@playwright/test';
import { ownStatusLabel } from '@bedriftstorget/core/listing/labels';
import { LOCAL_COMPANY } from '@bedriftstorget/core/site/company';
import { landingSections } from '@bedriftstorget/core/texts/marketplace';
import { inbox } from '@bedriftstorget/core/texts/messages';
import { notFound } from '@bedriftstorget/core/texts/nb';
import { savedSearchTexts } from '@bedriftstorget/core/texts/saved-search';
import { myListings } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, insertListing } from './admin-fixtures';
import { E2E } from './env';
import { signUpAndConfirm, uniqueEmail } from './helpers';

test.afterAll(closeE2eDb);

const word = () => `pb${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
const PHONE = { width: 390, height: 844 };

test('an unknown path answers HTTP 404 with the Norwegian 404 page; the app’s pages answer 200', async ({ page }) => {
  const missing = await page.goto('/finnes-ikke');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText(notFound.title)).toBeVisible();
  expect((await page.goto('/admin/finnes-ikke'))?.status()).toBe(404);
  expect((await page.goto('/alle-annonser'))?.status()).toBe(200);
  expect((await page.goto('/lagrede-sok'))?.status()).toBe(200);
});

test("'Om oss' gives the company's org.nr and address (local defaults)", async ({ page }) => {
  await page.goto('/#om-oss');
  await expect(page.locator('#om-oss')).toContainText(landingSections.aboutCompany(LOCAL_COMPANY.orgNr, LOCAL_COMPANY.address));
});

test('/lagrede-sok names a search once: a default name is not repeated as its description', async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail('sok'));
  const w = word();
  await page.goto(`/alle-annonser?q=${w}&sted=Oslo`);
  await page.getByRole('button', { name: savedSearchTexts.saveButton }).click();
  const dialog = page.getByRole('dialog', { name: savedSearchTexts.dialogTitle });
  const name = await dialog.getByLabel(savedSearchTexts.nameLabel).inputValue();
  await dialog.getByRole('button', { name: savedSearchTexts.save }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto('/lagrede-sok');
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText(name, { exact: true })).toHaveCount(1);
});

async function sellerWithListings(page: Page) {
  const { email } = await signUpAndConfirm(page, uniqueEmail('mine'));
  const w = word();
  await insertListing(email, { title: `Aktiv A ${w}`, status: 'active', publishedAt: new Date() });
  await insertListing(email, { title: `Aktiv B ${w}`, status: 'active', publishedAt: new Date() });
  await insertListing(email, { title: `Venter ${w}`, status: 'pending' });
}

test('/mine-annonser keeps its status filter in the URL, through a reload', async ({ page }) => {
  await sellerWithListings(page);
  await page.goto('/mine-annonser');
  const cards = page.getByTestId('my-listing');
  await expect(cards).toHaveCount(3);
  await page.getByLabel(myListings.statusFilter).selectOption({ label: myListings.statusCount(ownStatusLabel('active'), 2) });
  await expect(page).toHaveURL(/\/mine-annonser\?status=active$/);
  await expect(cards).toHaveCount(2);
  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(page.getByLabel(myListings.statusFilter)).toHaveValue('active');
  await page.getByLabel(myListings.statusFilter).selectOption({ label: myListings.allStatuses(3) });
  await expect(page).toHaveURL(/\/mine-annonser$/);
  await expect(cards).toHaveCount(3);
});

// Signed up at the desktop size (the helper opens the account menu), then looked at on a phone.
test.describe('on a phone', () => {
  test('/mine-annonser shows compact cards: a thumbnail beside the text', async ({ page }) => {
    await sellerWithListings(page);
    await page.setViewportSize(PHONE);
    await page.goto('/mine-annonser');
    const card = page.getByTestId('my-listing').first();
    await expect(card).toBeVisible();
    const [cardBox, imageBox] = [(await card.boundingBox())!, (await card.getByTestId('my-listing-image').boundingBox())!];
    expect(imageBox.width).toBeLessThan(cardBox.width / 3);
    // Beside, not above: the title starts to the right of the picture
    const titleBox = (await card.getByRole('heading').boundingBox())!;
    expect(titleBox.x).toBeGreaterThanOrEqual(imageBox.x + imageBox.width);
    expect(cardBox.height).toBeLessThan(PHONE.height / 2);
  });

  test('an open conversation has one way back, to the list', async ({ page, browser }) => {
    const { email } = await signUpAndConfirm(page, uniqueEmail('samtale'));
    const listingId = await insertListing(email, { title: `Samtale ${word()}`, status: 'active', publishedAt: new Date() });
    const context = await browser.newContext();
    const buyer = await context.newPage();
    await signUpAndConfirm(buyer, uniqueEmail('kjoper'));
    const sent = await buyer.request.post('/trpc/message.contactSeller', {
      headers: { origin: E2E.appUrl },
      data: { listingId, text: 'Hei! Er bedriften fortsatt til salgs?', clientMessageId: crypto.randomUUID() },
    });
    expect(sent.ok()).toBe(true);
    await context.close();

    await page.setViewportSize(PHONE);
    await page.goto('/meldinger');
    await page.getByRole('region', { name: inbox.listLabel }).getByRole('button').filter({ hasText: 'Er bedriften fortsatt' }).click();
    const backs = page.getByRole('button', { name: new RegExp(`^(${inbox.back}|${inbox.backToList})$`) });
    await expect(backs).toHaveCount(1);
    await expect(backs).toHaveAccessibleName(inbox.backToList);
    await backs.click();
    await expect(page.getByRole('region', { name: inbox.listLabel })).toBeVisible();
    await expect(page.getByRole('button', { name: inbox.back, exact: true })).toBeVisible();
  });
});
