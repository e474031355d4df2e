import { expect, test, type Page } from '@playwright/test';
import { accessRequest } from '@bedriftstorget/core/texts/access';
import { adminUsers } from '@bedriftstorget/core/texts/admin';
import { company } from '@bedriftstorget/core/texts/company';
import { browse, detail } from '@bedriftstorget/core/texts/marketplace';
import { contactDialog } from '@bedriftstorget/core/texts/messages';
import { nav } from '@bedriftstorget/core/texts/nb';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { VIPPS_SELLERS_FILTER, vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, insertListing } from './admin-fixtures';
import { sql } from './db';
import { contactSellerBy, signIn, signUpAndConfirm, wizardToLastStep } from './helpers';
import { chooseAtVipps } from './vipps-support';

/**
 * 'Verifisert med Vipps' where people meet (decisions 120, 130, 131): the seller's requirement set in
 * the wizard, a buyer told before asking and sent to Vipps and back; the seller's request list and
 * both inboxes (live) with the mark, a confidential seller's without the name; browse's filter on a
 * phone; /admin/brukere's column and filter.
 */
test.describe.configure({ timeout: 120_000 });
test.afterAll(closeE2eDb);

const TITLE = `Verifisert konfidensielt verksted ${Date.now().toString(36)}`;
const toastText = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
const signedIn = (page: Page) => expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible({ timeout: 30_000 });

test('the seller requires verified buyers; a buyer is told, verifies with Vipps and comes back to ask; the seller sees the mark on the request and in messages', async ({ browser, page }) => {
  const listingId = await insertListing(DEMO_SELLER_EMAIL, { title: TITLE, status: 'active', publishedAt: new Date(), confidential: true, sellerVerified: true, price: 3_000_000 });

  // The seller ticks the requirement in the wizard: asked only on a confidential sale, saved at once.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, DEMO_SELLER_EMAIL, 'selger123');
  await signedIn(seller);
  await seller.goto(`/legg-ut-annonse?edit=${listingId}`);
  await expect(seller.getByRole('heading', { name: wizard.editTitle })).toBeVisible();
  const requirement = seller.getByLabel(vippsTexts.buyersOnly);
  await expect(requirement).not.toBeChecked();
  await seller.getByLabel(company.confidentialLabel).uncheck();
  await expect(requirement).toHaveCount(0);
  await seller.getByLabel(company.confidentialLabel).check();
  await requirement.check();
  await wizardToLastStep(seller);
  await seller.getByRole('button', { name: wizard.save }).click();
  await toastText(seller, wizard.revisionSavedText);
  expect(await sql('SELECT verified_buyers_only AS v FROM listings WHERE id = ?', [listingId])).toEqual([{ v: 1 }]);

  // A buyer who is not verified: told before pressing anything, offered Vipps instead of 'Be om tilgang'.
  const buyer = await signUpAndConfirm(page);
  await page.goto(`/bedrift/${listingId}`);
  const panel = page.getByTestId('access-panel');
  await expect(panel.getByTestId('verified-buyers-only')).toHaveText(vippsTexts.buyersOnly);
  await expect(panel.getByText(vippsTexts.buyerMustVerify)).toBeVisible();
  await expect(panel.getByRole('button', { name: accessRequest.open })).toHaveCount(0);
  await panel.getByRole('button', { name: vippsTexts.verify }).click();
  await chooseAtVipps(page, /Jonas Dahl/);
  // Back on the listing, verified: now the button.
  await expect(page).toHaveURL(new RegExp(`/bedrift/${listingId}$`), { timeout: 30_000 });
  await panel.getByRole('button', { name: accessRequest.open }).click();
  const dialog = page.getByRole('dialog', { name: accessRequest.title });
  await dialog.getByLabel(accessRequest.accept).check();
  await dialog.getByRole('button', { name: accessRequest.send }).click();
  await expect(panel.getByTestId('access-state')).toHaveText(accessRequest.pending);

  // The seller's request list: the buyer's row carries the mark.
  await seller.goto('/mine-annonser');
  const row = seller.getByTestId('access-request').filter({ hasText: buyer.email });
  await expect(row.getByTestId('vipps-mark')).toHaveText(vippsTexts.verified);

  // Messages: the seller's open inbox gets the new conversation live, with the buyer's mark.
  await seller.goto('/meldinger');
  await page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(page, detail.sendMessage);
  await page.getByRole('dialog', { name: contactDialog.title }).getByLabel(contactDialog.label).fill('Hei, jeg er verifisert og interessert.');
  await page.getByRole('dialog', { name: contactDialog.title }).getByRole('button', { name: contactDialog.send }).click();
  await expect(page.getByText(contactDialog.sentTitle)).toBeVisible();
  const conversation = seller.getByRole('button').filter({ hasText: 'Hei, jeg er verifisert og interessert.' });
  await expect(conversation.getByTestId('vipps-mark')).toBeVisible({ timeout: 20_000 });
  await conversation.click();
  await expect(seller.locator('header').getByTestId('vipps-mark')).toBeVisible();
  await sellerContext.close();

  // The buyer's inbox: 'Konfidensiell selger' with the seller's mark, never the name.
  await page.goto('/meldinger');
  const theirs = page.getByRole('button').filter({ hasText: TITLE });
  await expect(theirs).toContainText(company.confidentialSeller);
  await expect(theirs.getByTestId('vipps-mark')).toBeVisible();
  await expect(theirs).not.toContainText('Kari Nordmann');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 393, height: 851 } });

  test('browse: ‘Verifiserte selgere’ in the filter sheet, in the URL and the badge, every card marked, the exact total', async ({ page }) => {
    // The newest listing is a seller's without the mark (the seed's public listings are all the verified demo seller's).
    const plainTitle = `Uverifisert selgers bakeri ${Date.now().toString(36)}`;
    await insertListing('kjoper@bedriftstorget.no', { title: plainTitle, status: 'active', publishedAt: new Date(), sellerVerified: false });
    await page.goto('/alle-annonser');
    await expect(page.locator('main article').filter({ hasText: plainTitle })).toBeVisible();
    await page.getByRole('button', { name: browse.filters }).click();
    const drawer = page.getByRole('dialog', { name: browse.filters });
    // Checked once the URL has it (the box shows the applied filter): pressed, then seen checked.
    await drawer.getByLabel(VIPPS_SELLERS_FILTER).click();
    await expect(drawer.getByLabel(VIPPS_SELLERS_FILTER)).toBeChecked();
    await drawer.getByRole('button', { name: /^Vis (resultater|[\d\s\u00a0]+ treff)$/ }).click();
    await expect(page).toHaveURL(/selger=verifisert/);
    await expect(page.getByRole('button', { name: 'Filtre 1 aktivt filter' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const cards = page.locator('main article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasText: plainTitle })).toHaveCount(0);
    const shown = await cards.count();
    await expect(cards.getByTestId('vipps-mark')).toHaveCount(shown);
    const [{ n }] = (await sql('SELECT COUNT(*) AS n FROM listings WHERE is_public = 1 AND seller_verified = 1')) as [{ n: number }];
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`av ${Number(n).toLocaleString('nb-NO').replace(/\s/g, '\\s')} annonser$`));
  });
});

test('/admin/brukere: the Vipps column and its filter', async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // Staff land in /admin, whose layout has no 'Min konto'.
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 30_000 });
  await page.goto('/admin/brukere');
  // Newest first, a page at a time: after a full run's sign-ups the demo seller is found by search.
  await page.getByPlaceholder(adminUsers.search).fill(DEMO_SELLER_EMAIL);
  const seller = page.locator('tr').filter({ hasText: DEMO_SELLER_EMAIL });
  await expect(seller.getByTestId('vipps-mark')).toBeVisible();
  await page.getByLabel(adminUsers.verifiedOnly).check();
  await expect(page.locator('tr').filter({ hasText: adminUsers.notVerified })).toHaveCount(0);
  await expect(seller.getByTestId('vipps-mark')).toBeVisible();
});
