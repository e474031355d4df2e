import { expect, test, type Page } from '@playwright/test';
import { ownStatusLabel } from '@bedriftstorget/core/listing/labels';
import { inquiryTexts } from '@bedriftstorget/core/texts/messages';
import { nav } from '@bedriftstorget/core/texts/nb';
import { myListings } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, insertListing, userId } from './admin-fixtures';
import { sql } from './db';
import { contactSellerBy, signIn, signUpAndConfirm, uniqueEmail } from './helpers';
import { E2E } from './env';

/** Defects a real user hit, each in a real browser: the unread count, the admin table's width, the lead once, the name prompt and the status filter. */
test.afterAll(closeE2eDb);

const word = () => `pol${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;

/** A buyer in a second browser context sends `count` messages about `listingId` to its seller, as the browser would. */
async function messagesFromAnotherUser(page: Page, listingId: string, count: number) {
  const context = await page.context().browser()!.newContext();
  const buyer = await context.newPage();
  await signUpAndConfirm(buyer, uniqueEmail('kjoper'));
  for (let i = 1; i <= count; i += 1) {
    const response = await buyer.request.post('/trpc/message.contactSeller', {
      headers: { origin: E2E.appUrl },
      data: { listingId, text: `Hei! Melding nummer ${i} om bedriften.`, clientMessageId: crypto.randomUUID() },
    });
    expect(response.ok()).toBe(true);
  }
  await context.close();
}

test('the header says the unread count by name, on desktop and in the phone menu, and it goes away once read', async ({ page }) => {
  // Two sign-ups in two browsers before anything is checked.
  test.slow();
  const { email } = await signUpAndConfirm(page, uniqueEmail('selger'));
  const listingId = await insertListing(email, { title: `Uleste ${word()}`, status: 'active', publishedAt: new Date() });
  await messagesFromAnotherUser(page, listingId, 2);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: '2 uleste meldinger', exact: true })).toBeVisible();
  await expect(header.getByTestId('header-unread')).toHaveText('2');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(header.getByRole('link', { name: '2 uleste meldinger', exact: true })).toBeVisible();
  await page.getByRole('button', { name: nav.openMenu }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: '2 uleste meldinger', exact: true })).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: '2 uleste meldinger', exact: true }).click();

  await page.getByRole('button', { name: /Melding nummer 2/ }).click();
  // The inbox has its own top bar: back to the front page in the app (no reload), where the envelope is.
  // The list beside it holds the same text, hidden on a phone while a conversation is open.
  await expect(page.getByText('Hei! Melding nummer 2 om bedriften.').filter({ visible: true }).first()).toBeVisible();
  await page.getByRole('link', { name: /Til forsiden/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByTestId('header-unread')).toHaveCount(0);
  await expect(header.getByRole('link', { name: /uleste meldinger|ulest melding/ })).toHaveCount(0);
  await expect(header.getByRole('link', { name: nav.unreadMessages(0), exact: true })).toBeVisible();
});

test('the admin listings table fits 1366 × 900 beside the sidebar: no sideways scroll, actions in view', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/admin/annonser');
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr').first().getByRole('button', { name: 'Rediger' })).toBeVisible();
  const fit = await table.evaluate((el) => {
    const box = el.parentElement!;
    const buttons: HTMLButtonElement[] = Array.from(el.querySelectorAll<HTMLButtonElement>('tbody tr [role="group"] button'));
    const lastButtons = buttons.map((b) => b.getBoundingClientRect().right);
    return {
      scrollWidth: box.scrollWidth, clientWidth: box.clientWidth,
      tableRight: el.getBoundingClientRect().right, boxRight: box.getBoundingClientRect().right,
      buttonsRight: Math.max(...lastButtons), viewport: window.innerWidth, pageScroll: document.documentElement.scrollWidth,
    };
  });
  expect(fit.scrollWidth, JSON.stringify(fit)).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.tableRight).toBeLessThanOrEqual(fit.boxRight + 0.5);
  expect(fit.buttonsRight).toBeLessThanOrEqual(fit.boxRight);
  expect(fit.pageScroll).toBeLessThanOrEqual(fit.viewport);
});

test('the detail page shows the lead paragraph once', async ({ page }) => {
  const lead = `Ingressen ${word()} står øverst.`;
  const rest = 'Resten av beskrivelsen forteller om kunder, ansatte og lokaler i detalj.';
  const many = await insertListing(DEMO_SELLER_EMAIL, { title: `Ingress ${word()}`, status: 'active', publishedAt: new Date(), description: `${lead}\n\n${rest}` });
  await page.goto(`/bedrift/${many}`);
  await expect(page.getByTestId('listing-lead')).toHaveText(lead);
  await expect(page.getByTestId('listing-about')).toHaveText(rest);
  await expect(page.getByText(lead)).toHaveCount(1);

  const single = `Ett avsnitt ${word()} med hele beskrivelsen av en bedrift med faste kunder.`;
  const one = await insertListing(DEMO_SELLER_EMAIL, { title: `Ett avsnitt ${word()}`, status: 'active', publishedAt: new Date(), description: single });
  await page.goto(`/bedrift/${one}`);
  await expect(page.getByTestId('listing-about')).toHaveText(single);
  await expect(page.getByTestId('listing-lead')).toHaveCount(0);
  await expect(page.getByText(single)).toHaveCount(1);
});

test('an inquiry asks for the name when the profile has none, and saves it', async ({ page }) => {
  const listingId = await insertListing(DEMO_SELLER_EMAIL, { title: `Forespørsel ${word()}`, status: 'active', publishedAt: new Date() });
  const { email } = await signUpAndConfirm(page, uniqueEmail('utennavn'));
  await page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(page, inquiryTexts.open);
  const form = page.getByRole('dialog', { name: inquiryTexts.title });
  const name = form.getByLabel(inquiryTexts.name);
  await expect(name).toBeEditable();
  await expect(name).toHaveValue('');
  await form.getByLabel(inquiryTexts.message).fill('Hei! Kan jeg få vite mer om bedriften?');
  await form.getByRole('button', { name: inquiryTexts.send }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(new RegExp(inquiryTexts.nameRequired));
  await name.fill('Nora Navnløs');
  await form.getByRole('button', { name: inquiryTexts.send }).click();
  await expect(page.getByText(inquiryTexts.sentTitle)).toBeVisible();
  const leads = (await sql('SELECT buyer_name FROM leads WHERE listing_id = ?', [listingId])) as { buyer_name: string }[];
  expect(leads).toEqual([{ buyer_name: 'Nora Navnløs' }]);
  const [profile] = (await sql('SELECT full_name FROM profiles WHERE id = ?', [await userId(email)])) as { full_name: string }[];
  expect(profile?.full_name).toBe('Nora Navnløs');
  // Named now: the next inquiry shows the name, locked.
  await contactSellerBy(page, inquiryTexts.open);
  await expect(page.getByRole('dialog', { name: inquiryTexts.title }).getByLabel(inquiryTexts.name)).toHaveValue('Nora Navnløs');
  await expect(page.getByRole('dialog', { name: inquiryTexts.title }).getByLabel(inquiryTexts.name)).toBeDisabled();
});

test('/mine-annonser filters by status, with the count per status', async ({ page }) => {
  const { email } = await signUpAndConfirm(page, uniqueEmail('filter'));
  const w = word();
  await insertListing(email, { title: `Publisert A ${w}`, status: 'active', publishedAt: new Date() });
  await insertListing(email, { title: `Publisert B ${w}`, status: 'active', publishedAt: new Date() });
  await insertListing(email, { title: `Venter ${w}`, status: 'pending' });
  await insertListing(email, { title: `Solgt ${w}`, status: 'sold', publishedAt: new Date() });
  await page.goto('/mine-annonser');
  const cards = page.getByTestId('my-listing');
  await expect(cards).toHaveCount(4);
  const filter = page.getByLabel(myListings.statusFilter);
  await expect(filter.locator('option')).toHaveCount(4);
  await expect(filter.locator('option').first()).toHaveText(myListings.allStatuses(4));
  await filter.selectOption({ label: myListings.statusCount(ownStatusLabel('active'), 2) });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: `Venter ${w}` })).toHaveCount(0);
  await filter.selectOption({ label: myListings.statusCount(ownStatusLabel('sold'), 1) });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(`Solgt ${w}`);
  await filter.selectOption({ label: myListings.allStatuses(4) });
  await expect(cards).toHaveCount(4);
});

test('browse fits a 320 px phone whatever the sort: no sideways scroll, the sort select shrinks', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
  for (const search of ['', '?sortering=revenue_desc', '?sortering=price_desc']) {
    await page.goto(`/alle-annonser${search}`);
    await expect(page.locator('main article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, sort: document.getElementById('sort-mobile')!.getBoundingClientRect().right }));
    expect(widths.page, search).toBeLessThanOrEqual(320);
    expect(widths.sort, search).toBeLessThanOrEqual(320);
  }
  await page.close();
});
