import { expect, test } from '@playwright/test';
import { browse, detail } from '@bedriftstorget/core/texts/marketplace';
import { nav, notFound } from '@bedriftstorget/core/texts/nb';
import { images as imageTexts } from '@bedriftstorget/core/texts/seller';
import { listingCode } from '@bedriftstorget/core/listing/rules';
import { closeE2eDb, DEMO_SELLER_EMAIL, insertListing } from './admin-fixtures';
import { signUpAndConfirm, uniqueEmail } from './helpers';

test.afterAll(closeE2eDb);

const word = () => `pol${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;

test.describe('header anchors', () => {
  test('Verdivurdering and Om oss scroll to their section and focus it, from the landing page, another page and a typed URL', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: nav.mainMenu }).first();
    await menu.getByRole('link', { name: nav.valuation }).click();
    await expect(page.locator('#verdivurdering')).toBeInViewport();
    await expect(page.locator('#verdivurdering')).toBeFocused();
    await menu.getByRole('link', { name: nav.about }).click();
    await expect(page.locator('#om-oss')).toBeInViewport();
    await expect(page.locator('#om-oss')).toBeFocused();

    await page.goto('/alle-annonser');
    await page.getByRole('navigation', { name: nav.mainMenu }).first().getByRole('link', { name: nav.valuation }).click();
    await expect(page).toHaveURL(/\/#verdivurdering$/);
    await expect(page.locator('#verdivurdering')).toBeInViewport();
    await expect(page.locator('#verdivurdering')).toBeFocused();

    await page.goto('/#verdivurdering');
    await expect(page.locator('#verdivurdering')).toBeInViewport();
    await expect(page.locator('#verdivurdering')).toBeFocused();
  });
});

test.describe('admin in Norwegian', () => {
  test('the 404 page is Norwegian', async ({ page }) => {
    await page.goto('/finnes-ikke');
    await expect(page.getByText(notFound.title)).toBeVisible();
    await expect(page.getByText('Oops')).toHaveCount(0);
    // The footer's year is this year, not the year the page was written.
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} `);
  });
});

test.describe('dialogs give focus back', () => {
  test('contact and gallery viewer return focus to their opener; the wizard file input is no Tab stop', async ({ page }) => {
    await signUpAndConfirm(page, uniqueEmail('focus'));
    await page.goto('/alle-annonser?q=kaf%C3%A9%20Bergen');
    await page.getByRole('link', { name: 'Etablert kafé i Bergen sentrum' }).click();
    await page.getByRole('button', { name: detail.contactSeller }).click();
    const send = page.getByRole('group', { name: detail.contactChoices }).getByRole('button', { name: detail.sendMessage });
    await send.click();
    // The dialog loads on first use (code splitting): Escape once it is open and has taken focus.
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(send).toBeFocused();
    await page.getByRole('button', { name: /^Bilde 1 av/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The viewer has taken focus (its effects, the Escape listener among them, have run) before Escape.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Bilde 1 av/ }).first()).toBeFocused();

    await page.goto('/legg-ut-annonse');
    const input = page.locator('#wizard-images');
    await expect(input).toHaveAttribute('tabindex', '-1');
    await expect(input).toHaveAccessibleName(imageTexts.inputLabel);
  });
});

test.describe('smaller things', () => {
  test('singular count, card prices on one line, one price format on Lagrede', async ({ page }) => {
    const w = word();
    await insertListing(DEMO_SELLER_EMAIL, { title: `Enslig ${w} med et svært langt navn som fyller kortet`, status: 'active', price: null, publishedAt: new Date() });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/alle-annonser?q=${w}`);
    await expect(page.getByTestId('result-count')).toHaveText('Viser 1 av 1 annonse');
    const price = page.getByTestId('card-price');
    await expect(price).toHaveText('Pris på forespørsel');
    const lines = await price.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    expect(lines).toBeLessThan(1.5);
  });

});

test.describe('FINN-like detail page', () => {
  test('Annonsekode and dates; Tilbake til søket restores the list and the scroll position; sticky contact on phones', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/alle-annonser');
    await page.getByRole('button', { name: browse.showMore }).click();
    await expect(page.locator('main article')).toHaveCount(24);
    const card = page.locator('main article').nth(16);
    await card.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(500);
    const href = (await card.locator('h3 a').getAttribute('href'))!;
    await card.locator('h3 a').click();
    await expect(page).toHaveURL(href);
    await expect(page.locator(`dl[aria-label="${detail.facts}"]`)).toContainText(listingCode(href.split('/').pop()!));

    await page.getByRole('link', { name: detail.backToSearch }).click();
    await expect(page).toHaveURL(/\/alle-annonser$/);
    await expect(page.locator('main article')).toHaveCount(24);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(y + 50);

    // A listing of its own for the rest: the list's card may be sold or under offer (no contact bar).
    const active = await insertListing(DEMO_SELLER_EMAIL, { title: `Kontaktlinje ${crypto.randomUUID().slice(0, 6)}`, status: 'active', publishedAt: new Date() });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/bedrift/${active}`);
    // Annonsekode and both dates (the list's card may be one of the tests' listings that was never published).
    const facts = page.locator(`dl[aria-label="${detail.facts}"]`);
    await expect(facts).toContainText(detail.listingCode);
    await expect(facts).toContainText(listingCode(active));
    await expect(facts).toContainText(detail.published);
    await expect(facts).toContainText(detail.updated);
    const bar = page.getByTestId('contact-bar');
    await expect(bar).toBeInViewport();
    await bar.getByRole('button', { name: detail.contactSeller }).click();
    await bar.getByRole('group', { name: detail.contactChoices }).getByRole('button', { name: detail.sendMessage }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
