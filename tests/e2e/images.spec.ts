import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { gallery } from '@bedriftstorget/core/texts/marketplace';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { sql } from './db';
import { signUpAndConfirm } from './helpers';

/** What the browser made of an <img>: the chosen file, the candidates, and that it decoded. */
function imageState(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => ({
    srcset: img.srcset,
    current: img.currentSrc,
    loaded: img.complete && img.naturalWidth > 0,
    loading: img.loading,
    fetchPriority: img.getAttribute('fetchpriority'),
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
  }));
}

test('a seller’s uploaded photo is served in sizes: srcset on the card and the detail page', async ({ page }) => {
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#3b6e8f' } })
    .composite([{ input: await sharp({ create: { width: 600, height: 400, channels: 3, background: '#f2c14e' } }).png().toBuffer(), left: 200, top: 300 }])
    .jpeg()
    .toBuffer();
  const title = `Fotostudio ${crypto.randomUUID().slice(0, 6)}`;
  await signUpAndConfirm(page);
  await page.goto('/legg-ut-annonse');
  await page.getByLabel(wizard.fields.title).fill(title);
  await page.getByLabel(wizard.fields.industry).selectOption('services');
  await page.getByLabel(wizard.fields.location).fill('Trondheim');
  await page.getByLabel(wizard.fields.description).fill('Et lite fotostudio med faste bedriftskunder, godt utstyr og en trofast kundekrets i hele Trøndelag.');
  await page.locator('#wizard-images').setInputFiles({ name: 'studio.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '100');
  for (let step = 0; step < 4; step += 1) await page.getByRole('button', { name: wizard.next }).click();
  await page.getByRole('button', { name: wizard.submit }).click();
  await expect(page).toHaveURL(/\/mine-annonser$/);
  await sql("UPDATE listings SET status = 'active', published_at = NOW(3) WHERE title = ?", [title]);
  // Approval by hand: the search index keeps its own copy of 'public' (the app's approve path updates it).
  await sql('UPDATE listing_terms SET is_public = 1 WHERE listing_id = (SELECT id FROM listings WHERE title = ?)', [title]);

  await page.goto(`/alle-annonser?q=${encodeURIComponent(title)}`);
  const card = page.locator('article').filter({ hasText: title });
  await expect.poll(async () => (await imageState(card.locator('img'))).loaded).toBe(true);
  const onCard = await imageState(card.locator('img'));
  expect(onCard.srcset).toMatch(/-320\.webp 320w, .*-640\.webp 640w, .*-1024\.webp 1024w, .*\.webp \d+w$/);
  expect(onCard.current).toMatch(/\/images\/listings\/.*\.webp$/);
  expect(Number(onCard.width) / Number(onCard.height)).toBeCloseTo(1.6, 1);

  await card.getByRole('link', { name: title }).click();
  const main = page.getByRole('button', { name: gallery.viewerCounter(1, 1) }).locator('img');
  await expect.poll(async () => (await imageState(main)).loaded).toBe(true);
  const onDetail = await imageState(main);
  expect(onDetail).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
  expect(onDetail.srcset).toContain('1024w');
  // The served file is the re-encoded WebP, never the uploaded bytes.
  const served = await page.request.get(onDetail.current);
  expect(served.headers()['content-type']).toBe('image/webp');
});

test('seeded listings show industry pictures with srcset', async ({ page }) => {
  await page.goto('/alle-annonser');
  const first = page.locator('article img').first();
  await expect.poll(async () => (await imageState(first)).loaded).toBe(true);
  const state = await imageState(first);
  expect(state.srcset).toContain('320w');
  expect(state).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
  expect(await imageState(page.locator('article img').nth(4))).toMatchObject({ loading: 'lazy' });
});
