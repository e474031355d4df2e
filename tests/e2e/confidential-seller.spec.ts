import { soldPriceTexts } from '@bedriftstorget/core/texts/offers';
import { expect, test, type Page } from '@playwright/test';
import { accessAnswer, accessRequest } from '@bedriftstorget/core/texts/access';
import { company as c } from '@bedriftstorget/core/texts/company';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { contactDialog, inbox, inquiryTexts } from '@bedriftstorget/core/texts/messages';
import { myListings } from '@bedriftstorget/core/texts/seller';
import { STAND_IN_COMPANIES } from '../../infra/local/brreg/companies';
import { DEMO_SELLER } from '../../infra/seed/seed';
import { closeE2eDb, insertListing } from './admin-fixtures';
import { contactSellerBy, signIn, signUpAndConfirm } from './helpers';

/**
 * 'Konfidensielt salg' as a buyer and as the seller see it (decisions 099, 101), the buyer on a phone:
 * 'Konfidensiell selger', the county, messages only; the seller lets the buyer in from /mine-annonser;
 * the buyer then finds the company and the seller; marking it sold closes the documents until the
 * seller opens them again for this buyer; taking the access back hides the company again.
 */
const TITLE = `Rørlegger med serviceavtaler ${Date.now().toString(36)}`;
const plumbing = STAND_IN_COMPANIES.plumbing;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test.afterAll(closeE2eDb);

test('the buyer meets "Konfidensiell selger" until the seller lets them in; then the company and the seller; sold closes the documents', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const listingId = await insertListing(DEMO_SELLER.email, { title: TITLE, status: 'active', publishedAt: new Date(), confidential: true, location: 'Egersund', orgnr: plumbing.organisasjonsnummer, industry: 'craft' });
  const buyer = await signUpAndConfirm(page);
  // A phone from here on (after signing up: the header's account button is in the menu on phones).
  await page.setViewportSize({ width: 393, height: 851 });

  // The buyer's page: the county, 'Konfidensiell selger', no reveal buttons, messages only.
  await page.goto(`/bedrift/${listingId}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const card = page.getByTestId('seller-card');
  await expect(card).toContainText(c.confidentialSeller);
  await expect(card).toContainText(c.confidentialSellerNote);
  await expect(card.getByRole('button', { name: detail.showPhone })).toHaveCount(0);
  await expect(page.locator('header', { has: page.getByRole('heading', { level: 1 }) })).toContainText('Rogaland');
  const body = await page.locator('body').innerText();
  for (const secret of ['Egersund', DEMO_SELLER.fullName, DEMO_SELLER.companyName, plumbing.navn]) expect(body).not.toContain(secret);
  await contactSellerBy(page, detail.sendMessage);
  const form = page.getByRole('dialog', { name: contactDialog.title });
  await form.getByLabel(contactDialog.label).fill('Hei! Hvor mange serviceavtaler har dere?');
  await form.getByRole('button', { name: contactDialog.send }).click();
  await expect(page.getByText(contactDialog.sentTitle)).toBeVisible();
  await expect(page.getByRole('group', { name: detail.contactChoices }).first().getByRole('button', { name: inquiryTexts.open })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Asks for access.
  await page.getByTestId('access-panel').getByRole('button', { name: accessRequest.open }).click();
  const ask = page.getByRole('dialog', { name: accessRequest.title });
  await ask.getByLabel(accessRequest.accept).check();
  await ask.getByRole('button', { name: accessRequest.send }).click();
  await expect(page.getByTestId('access-state')).toHaveText(accessRequest.pending);

  // The seller: the buyer's message in /meldinger, the request in /mine-annonser, granted.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, DEMO_SELLER.email, DEMO_SELLER.password);
  await expect(seller).not.toHaveURL(/\/auth/);
  await seller.goto('/mine-annonser');
  const row = seller.getByTestId('access-request').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: accessAnswer.grant }).click();
  await expect(toast(seller, accessAnswer.granted)).toBeVisible();

  // The buyer, let in: the company and the seller on the page, and in the conversation.
  await page.reload();
  const disclosed = page.getByTestId('disclosed-company');
  await expect(disclosed.getByRole('heading', { name: c.disclosure.heading })).toBeVisible();
  for (const value of [plumbing.navn, '910 000 314', 'Verksgata 3, 4013 STAVANGER', 'Egersund']) await expect(disclosed).toContainText(value);
  await expect(card.getByTestId('known-seller')).toContainText(`${DEMO_SELLER.fullName} · ${DEMO_SELLER.companyName}`);
  await expect(card.getByRole('link', { name: DEMO_SELLER.phone })).toHaveAttribute('href', `tel:${DEMO_SELLER.phone}`);
  await page.goto('/meldinger');
  await page.getByRole('button', { name: new RegExp(DEMO_SELLER.fullName) }).click();
  await expect(page.getByTestId('counterpart-company')).toHaveText(plumbing.navn);
  await expect(page.getByRole('list', { name: `${inbox.title}: ${DEMO_SELLER.fullName}` })).toBeVisible();

  // Sold: the documents close for the buyer; the seller opens them again for this buyer.
  await seller.goto('/mine-annonser');
  await seller.getByTestId('my-listing').filter({ hasText: TITLE }).getByRole('button', { name: myListings.markSold }).click();
  // The dialog asks for the final price, which is optional (decision 128).
  await seller.getByRole('dialog', { name: myListings.markSold }).getByRole('button', { name: soldPriceTexts.confirm }).click();
  await expect(row).toContainText(accessAnswer.documentsClosed);
  // The buyer's live stream is open before the seller reopens: the page is told by the event itself,
  // not by the catch-up a stream makes when it opens (decision 161).
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/realtime');
  await page.goto(`/bedrift/${listingId}`);
  await expect(page.getByTestId('documents-closed')).toHaveText(accessRequest.documentsClosed);
  await streamOpen;
  await row.getByRole('button', { name: accessAnswer.reopen }).click();
  await expect(toast(seller, accessAnswer.reopenedDone)).toBeVisible();
  await expect(row).toContainText(accessAnswer.reopened);
  await expect(page.getByTestId('documents-closed')).toHaveCount(0, { timeout: 15_000 });

  // Taking the access back hides the company and the seller again.
  await row.getByRole('button', { name: accessAnswer.withdraw }).click();
  await expect(toast(seller, accessAnswer.withdrawnDone)).toBeVisible();
  await sellerContext.close();
  await page.reload();
  await expect(card).toContainText(c.confidentialSeller);
  await expect(page.getByTestId('disclosed-company')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toContain(plumbing.navn);
});
