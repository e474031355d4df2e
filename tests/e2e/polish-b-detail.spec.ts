import { expect, test, type Page } from '@playwright/test';
import { detail, gallery } from '@bedriftstorget/core/texts/marketplace';
import { contactDialog, inquiryTexts } from '@bedriftstorget/core/texts/messages';
import { closeE2eDb, DEMO_SELLER_EMAIL, insertListing } from './admin-fixtures';

test.afterAll(closeE2eDb);

/** A small business: a result of 100 000 kr must not read '0,1 M'. */
async function smallListing(): Promise<string> {
  const tag = crypto.randomUUID().slice(0, 8);
  return insertListing(DEMO_SELLER_EMAIL, {
    title: `Liten frisørsalong ${tag}`, status: 'active', publishedAt: new Date(), price: 450_000, revenue: 950_000, profit: 100_000, employees: 2,
    description: 'En liten og trivelig frisørsalong med faste kunder.\nLeide lokaler i sentrum, gode avtaler og stabil drift gjennom mange år.',
  });
}

const top = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

test('one Kontakt selger with two ways, message or inquiry, instead of five buttons; figures in full under a million', async ({ page }) => {
  const id = await smallListing();
  await page.goto(`/bedrift/${id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: detail.contactSeller, exact: true })).toHaveCount(1);
  await expect(main.getByRole('button', { name: 'Se regnskap' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: detail.sendMessage, exact: true })).toHaveCount(0);
  await expect(main.getByRole('button', { name: inquiryTexts.open, exact: true })).toHaveCount(0);

  const figures = main.getByRole('region', { name: detail.keyFigures });
  await expect(figures).toContainText(/100\s000\skr/);
  await expect(figures).toContainText(/950\s000\skr/);
  await expect(figures).not.toContainText('0,1');

  const trigger = main.getByRole('button', { name: detail.contactSeller, exact: true });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const ways = main.getByRole('group', { name: detail.contactChoices });
  await expect(ways.getByRole('button')).toHaveCount(2);
  await expect(ways.getByRole('button', { name: detail.sendMessage })).toHaveAccessibleDescription(detail.messageChoiceHint);
  await ways.getByRole('button', { name: inquiryTexts.open }).click();
  await expect(page.getByRole('dialog', { name: inquiryTexts.title })).toBeVisible();
  await page.keyboard.press('Escape');
  await ways.getByRole('button', { name: detail.sendMessage }).click();
  await expect(page.getByRole('dialog', { name: contactDialog.title })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('price and Nøkkeltall come before the description; the contact bar sits under dialogs', async ({ page }) => {
    const id = await smallListing();
    await page.goto(`/bedrift/${id}`);
    await expect(page.getByRole('heading', { name: detail.keyFigures })).toBeVisible();
    const figures = await top(page, '#figures-heading');
    expect(figures).toBeLessThan(await top(page, '#about-heading'));
    expect(figures).toBeLessThan(await top(page, '#seller-heading'));
    // Near the top: within the second screen, after the photo and the title with the price
    expect(figures).toBeLessThan(844 * 1.5);

    const bar = page.getByTestId('contact-bar');
    await bar.getByRole('button', { name: detail.contactSeller }).click();
    await bar.getByRole('group', { name: detail.contactChoices }).getByRole('button', { name: detail.sendMessage }).click();
    await expect(page.getByRole('dialog', { name: contactDialog.title })).toBeVisible();
    // What lies at the bar's place while the dialog is open is the dialog or its backdrop, never the bar.
    const box = (await bar.boundingBox())!;
    const onTop = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[data-testid="contact-bar"]')), [box.x + 20, box.y + box.height / 2]);
    expect(onTop).toBe(false);
  });

  test('the gallery viewer has an opaque backdrop', async ({ page }) => {
    await page.goto('/alle-annonser?q=kaf%C3%A9%20Bergen');
    await page.getByRole('link', { name: 'Etablert kafé i Bergen sentrum' }).first().click();
    await page.getByRole('button', { name: /^Bilde 1 av/ }).first().click();
    await expect(page.getByRole('dialog', { name: gallery.viewerCounter(1, 5) })).toBeVisible();
    const colour = await page.getByTestId('viewer-backdrop').evaluate((el) => getComputedStyle(el).backgroundColor);
    // rgb(…) is opaque; rgba(…, 0.95) or oklab(… / 0.95) let the page show through
    expect(colour).not.toMatch(/\/\s*0?\.\d|rgba\(.*,\s*0?\.\d+\)/);
  });
});

test('a listing without a registry card leaves no empty box in the side column: the same gap between every card', async ({ page }) => {
  const id = await smallListing();
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 800 }]) {
    await page.setViewportSize(viewport);
    await page.goto(`/bedrift/${id}`);
    const figures = page.getByRole('main').getByRole('region', { name: detail.keyFigures });
    await expect(figures).toBeVisible();
    await expect(page.getByTestId('registry-card')).toHaveCount(0);
    // The side column's boxes (on phones its wrapper is `contents`: the page's column).
    const empty = await figures.evaluate((section) => [...section.parentElement!.parentElement!.children].filter((box) => box.getBoundingClientRect().height === 0 && !box.textContent).length);
    expect(empty).toBe(0);
  }
});
