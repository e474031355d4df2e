import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { expiry, underOffer } from '@bedriftstorget/core/texts/lifecycle';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { closeE2eDb, e2eDb, insertListing, listingStatus } from './admin-fixtures';
import { latestMail, ops, signUpAndConfirm, uniqueEmail } from './helpers';

/** The listing lifecycle in the browser (decisions 044, 045): 'Under bud' (badge, filter) and expiry (mail link, Mine annonser). */
test.afterAll(closeE2eDb);

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const myCard = (page: Page, title: string) => page.getByTestId('my-listing').filter({ hasText: title });

test("'Under bud': the seller marks it in Mine annonser; cards and the page show the badge; browse can hide them", async ({ page }) => {
  const seller = await signUpAndConfirm(page, uniqueEmail('bud'));
  const word = `budord${crypto.randomUUID().slice(0, 6)}`;
  const offered = `Bilverksted ${word}`;
  const free = `Bakeri ${word}`;
  await insertListing(seller.email, { title: offered, status: 'active' });
  await insertListing(seller.email, { title: free, status: 'active' });

  await page.goto('/mine-annonser');
  await myCard(page, offered).getByRole('button', { name: underOffer.mark }).click();
  await expect(toast(page, underOffer.marked)).toBeVisible();
  await expect(myCard(page, offered).getByText(underOffer.badge, { exact: true })).toBeVisible();
  await expect(myCard(page, offered).getByRole('button', { name: underOffer.unmark })).toBeVisible();

  await page.goto(`/alle-annonser?q=${word}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: offered }).getByRole('list', { name: 'Merker' })).toContainText(underOffer.badge);
  await expect(cards.filter({ hasText: free }).getByText(underOffer.badge, { exact: true })).toHaveCount(0);

  // A controlled checkbox that follows the URL: it turns checked once the navigation lands, so click, then wait.
  await page.getByLabel(underOffer.hideFilter).first().click();
  await expect(page).toHaveURL(/under-bud=skjul/);
  await expect(page.getByLabel(underOffer.hideFilter).first()).toBeChecked();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(free);
  // The filter is in the URL: a reload (or a shared link) keeps it, and the server applies it.
  await page.reload();
  await expect(page.getByLabel(underOffer.hideFilter).first()).toBeChecked();
  await expect(cards).toHaveCount(1);

  await page.getByLabel(underOffer.hideFilter).first().click();
  await expect(page).not.toHaveURL(/under-bud=skjul/);
  await expect(cards).toHaveCount(2);
  await cards.filter({ hasText: offered }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: offered })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Merker' }).first()).toContainText(underOffer.badge);

  await page.goto('/mine-annonser');
  await myCard(page, offered).getByRole('button', { name: underOffer.unmark }).click();
  await expect(toast(page, underOffer.unmarked)).toBeVisible();
  await expect(myCard(page, offered).getByText(underOffer.badge, { exact: true })).toHaveCount(0);
});

test('expiry: the job mails a renew link that renews on a click without login, once; an expired listing is renewed from Mine annonser', async ({ page, browser }) => {
  const seller = await signUpAndConfirm(page, uniqueEmail('utlop'));
  const soon = `Frisør ${crypto.randomUUID().slice(0, 6)}`;
  const gone = `Skomaker ${crypto.randomUUID().slice(0, 6)}`;
  const soonId = await insertListing(seller.email, { title: soon, status: 'active', expiresAt: new Date(Date.now() + 3 * 86_400_000) });
  const goneId = await insertListing(seller.email, { title: gone, status: 'active', expiresAt: new Date(Date.now() - 60_000), expiryWarnedAt: new Date(Date.now() - 7 * 86_400_000) });

  // The scheduled job, as the Cron runs it.
  ops('review-queue');
  expect(await listingStatus(goneId)).toBe('expired');
  const mail = await latestMail(seller.email, expiry.mailSubject);
  expect(mail.text).toContain(soon);
  const link = mail.links[0]!;
  expect(link).toMatch(/\/forny-annonse\?token=/);

  // No login, a fresh browser: opening the link changes nothing (a link scanner opens it too); the button renews.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByText(expiry.renewIntro)).toBeVisible();
  const [before] = await e2eDb().select({ expiresAt: listings.expiresAt }).from(listings).where(eq(listings.id, soonId));
  expect(before!.expiresAt!.getTime()).toBeLessThan(Date.now() + 8 * 86_400_000);
  await visitorPage.getByRole('button', { name: expiry.renew }).click();
  await expect(visitorPage.getByRole('status')).toHaveText(expiry.renewed);
  await expect(visitorPage.getByText(soon)).toBeVisible();
  // The link works once.
  await visitorPage.goto(link);
  await visitorPage.getByRole('button', { name: expiry.renew }).click();
  await expect(visitorPage.getByRole('alert')).toHaveText(expiry.linkInvalid);
  // The expired one has left the public pages.
  await visitorPage.goto(`/bedrift/${goneId}`);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(detail.notFoundTitle);
  await visitor.close();
  const [renewed] = await e2eDb().select({ expiresAt: listings.expiresAt }).from(listings).where(eq(listings.id, soonId));
  expect(renewed!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);

  // In Mine annonser it is 'Utløpt', with 'Forny annonse'.
  await page.goto('/mine-annonser');
  const card = myCard(page, gone);
  await expect(card.getByText(expiry.status, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: expiry.renew }).click();
  await expect(toast(page, expiry.renewed)).toBeVisible();
  await expect(card.getByText(expiry.status, { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: expiry.renew })).toHaveCount(0);
  expect(await listingStatus(goneId)).toBe('active');
});
