import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import { sql } from './db';
import { signUpAndConfirm, uniqueEmail } from './helpers';

/**
 * 'Dokumenter' (decision 097) in the browser: the seller uploads a PDF from /mine-annonser, a buyer
 * with access downloads a stamped copy from the listing page, and the seller sees who opened it.
 */
const TITLE = `Bilverksted med data room ${Date.now().toString(36)}`;

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= 3; n += 1) doc.addPage([595, 842]).drawText(`Årsregnskap 2025 – side ${n}`, { x: 50, y: 780 });
  return Buffer.from(await doc.save());
}

async function userId(email: string): Promise<string> {
  const rows = (await sql('SELECT id FROM users WHERE email = ?', [email])) as { id: string }[];
  return rows[0]!.id;
}

test('the seller uploads a PDF, a buyer with access downloads it stamped, the seller sees the download', async ({ browser }) => {
  const sellerPage = await (await browser.newContext()).newPage();
  const seller = await signUpAndConfirm(sellerPage, uniqueEmail('selger'));
  const listingId = crypto.randomUUID();
  await sql(
    "INSERT INTO listings (id, owner_id, title, industry, location, description, status, submitted_at, published_at) VALUES (?, ?, ?, 'craft', 'Oslo', ?, 'active', NOW(3), NOW(3))",
    [listingId, await userId(seller.email), TITLE, 'Et veldrevet bilverksted med faste kunder, gode rutiner og lang historie i markedet.'],
  );

  // The seller: 'Vis dokumenter' on the listing's card, a PDF with a title of its own, progress, the list.
  await sellerPage.goto('/mine-annonser');
  const card = sellerPage.getByTestId('my-listing').filter({ hasText: TITLE });
  await card.getByRole('button', { name: texts.show }).click();
  // The section opens below the card (one at a time), full width on a phone too.
  const section = sellerPage.getByTestId('seller-documents');
  await expect(section.getByText(texts.count(0, 10))).toBeVisible();
  // Not a PDF: refused under the field, in Norwegian.
  await section.getByLabel(texts.chooseFile).setInputFiles({ name: 'notat.pdf', mimeType: 'application/pdf', buffer: Buffer.from('bare tekst, ingen PDF') });
  await section.getByRole('button', { name: texts.upload }).click();
  await expect(section.getByRole('alert')).toHaveText(texts.notPdf);
  await section.getByLabel(texts.chooseFile).setInputFiles({ name: 'regnskap.pdf', mimeType: 'application/pdf', buffer: await samplePdf() });
  await section.getByLabel(texts.titleLabel).fill('Årsregnskap 2025');
  await section.getByRole('button', { name: texts.upload }).click();
  await expect(section.getByTestId('own-document')).toHaveCount(1);
  await expect(section.getByTestId('own-document')).toContainText('Årsregnskap 2025');
  await expect(section.getByText(texts.pages(3))).toBeVisible();
  await expect(section.getByText(texts.openedEmpty)).toBeVisible();

  // A buyer the seller let in (as 'Be om tilgang' records it).
  const buyerPage = await (await browser.newContext()).newPage();
  const buyer = await signUpAndConfirm(buyerPage, uniqueEmail('kjoper'));
  await sql("INSERT INTO access_requests (id, listing_id, buyer_id, status, nda_version, nda_accepted_at, nda_accepted_from) VALUES (?, ?, ?, 'granted', '2026-11-1', NOW(3), '127.0.0.1')", [
    crypto.randomUUID(), listingId, await userId(buyer.email),
  ]);
  await buyerPage.goto(`/bedrift/${listingId}`);
  const room = buyerPage.getByTestId('data-room');
  await expect(room.getByRole('heading', { name: texts.buyerHeading })).toBeVisible();
  await expect(room.getByText('Årsregnskap 2025')).toBeVisible();
  const download = buyerPage.waitForEvent('download');
  await room.getByRole('button', { name: texts.downloadLabel('Årsregnskap 2025') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Årsregnskap 2025.pdf');
  const stamped = await PDFDocument.load(await readFile((await file.path())));
  expect(stamped.getPageCount()).toBe(3);

  // The seller sees who opened it.
  await sellerPage.reload();
  await card.getByRole('button', { name: texts.show }).click();
  const log = sellerPage.getByTestId('download-log');
  await expect(log).toContainText(buyer.email);
  await expect(log).toContainText('Årsregnskap 2025');
  // On a phone the section sits below the card at full width: nothing scrolls sideways.
  await sellerPage.setViewportSize({ width: 390, height: 844 });
  await expect(log).toBeVisible();
  expect(await sellerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
