import { expect, test, type Page } from '@playwright/test';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { sql } from './db';
import { signUpAndConfirm, uniqueEmail } from './helpers';

/**
 * 'Vis dokumenter' in /mine-annonser opens the data room panel below the card. The card
 * keeps its size and neither it nor the site footer is drawn over the panel's heading or list.
 */
async function sellerWithListings(page: Page): Promise<string> {
  const { email } = await signUpAndConfirm(page, uniqueEmail('panel'));
  const id = ((await sql('SELECT id FROM users WHERE email = ?', [email])) as { id: string }[])[0]!.id;
  const title = `Frisørsalong med dokumenter ${Date.now().toString(36)}`;
  for (const name of [title, `${title} II`]) {
    await sql(
      "INSERT INTO listings (id, owner_id, title, industry, location, description, status, submitted_at, published_at) VALUES (?, ?, ?, 'services', 'Bergen', ?, 'active', NOW(3), NOW(3))",
      [crypto.randomUUID(), id, name, 'En travel salong i sentrum med faste kunder og god beliggenhet i gågata.'],
    );
  }
  return title;
}

/** The element drawn at the middle of `selector`'s box is the element itself or inside it. */
async function drawnOnTop(page: Page, testId: string, role: string): Promise<boolean> {
  return page.evaluate(([id, what]) => {
    const section = document.querySelector(`[data-testid="${id}"]`)!;
    const target = what === 'heading' ? section.querySelector('h3')! : section.querySelector('input[type=file]')!;
    target.scrollIntoView({ block: 'center' });
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && section.contains(hit);
  }, [testId, role]);
}

for (const [name, viewport] of [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 900 }]] as const) {
  test(`${name}: 'Vis dokumenter' opens the panel below the card, nothing drawn over it`, async ({ page }) => {
    const title = await sellerWithListings(page);
    await page.setViewportSize(viewport);
    await page.goto('/mine-annonser');
    const card = page.getByTestId('my-listing').filter({ hasText: title }).filter({ hasNotText: `${title} II` });
    const before = (await card.boundingBox())!;
    await card.getByRole('button', { name: texts.show }).click();
    const panel = page.getByTestId('seller-documents');
    await expect(panel.getByRole('heading', { name: texts.heading })).toBeVisible();
    await expect(panel.getByText(texts.count(0, 10))).toBeVisible();

    // The card does not grow around the panel (it was ~800 px taller).
    const after = (await card.boundingBox())!;
    expect(after.height).toBeLessThanOrEqual(Math.max(before.height, 320) + 40);
    // The panel starts below the card and ends above the footer.
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(after.y + after.height);
    const footer = (await page.locator('footer').boundingBox())!;
    expect(footer.y).toBeGreaterThanOrEqual(box.y + box.height);
    // What a person sees at the heading and the file field is the panel, not the card or the footer.
    expect(await drawnOnTop(page, 'seller-documents', 'heading')).toBe(true);
    expect(await drawnOnTop(page, 'seller-documents', 'file')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // 'Skjul dokumenter' closes it and the card is its old size again.
    await card.getByRole('button', { name: texts.hide }).click();
    await expect(panel).toHaveCount(0);
    expect(Math.abs((await card.boundingBox())!.height - before.height)).toBeLessThan(2);
  });
}
