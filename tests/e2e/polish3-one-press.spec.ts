import { expect, test, type Page } from '@playwright/test';
import { accessAnswer } from '@bedriftstorget/core/texts/access';
import { overview } from '@bedriftstorget/core/texts/admin';
import { dataRoomTexts } from '@bedriftstorget/core/texts/data-room';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { contactDialog } from '@bedriftstorget/core/texts/messages';
import { auth } from '@bedriftstorget/core/texts/nb';
import { wizard } from '@bedriftstorget/core/texts/seller';
import { PDFDocument } from 'pdf-lib';
import { closeE2eDb, daysAgo, DEMO_ADMIN, DEMO_SELLER_EMAIL, insertListing, userId } from './admin-fixtures';
import { sql } from './db';
import { contactSellerBy, signUpAndConfirm, uniqueEmail } from './helpers';

/**
 * every action that changes something acts once per press. A double-click is one press:
 * the wizard's 'Neste' goes one step, 'Last opp' stores one document, 'Send melding', 'Gi tilgang'
 * and 'Godkjenn' give one success and no error (decision 113).
 */
test.afterAll(closeE2eDb);

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const f = wizard.fields;

for (const [name, viewport] of [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 900 }]] as const) {
  test(`${name}: 'Neste' double-clicked on step 1 goes to step 2 (Økonomi), not past it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/legg-ut-annonse');
    await page.getByLabel(f.title).fill('Verksted i Bergen med faste kunder');
    await page.getByLabel(f.industry).selectOption('craft');
    await page.getByLabel(f.location).fill('Bergen');
    await page.getByLabel(f.description).fill('Et lønnsomt verksted med faste kunder, moderne maskiner og erfarne ansatte som gjerne blir med videre.');
    await page.locator('#wizard-images').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('wizard-image')).toHaveCount(1);
    await page.getByRole('button', { name: wizard.next }).dblclick();
    await expect(page.getByText(wizard.stepOf(2, 5))).toBeVisible();
    await expect(page.getByRole('heading', { name: wizard.steps[1] })).toBeVisible();
    await expect(page.getByLabel(f.price)).toBeVisible();
    // A keyboard press is a press each time: Enter twice on the button goes two steps.
    await page.getByRole('button', { name: wizard.next }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(wizard.stepOf(3, 5))).toBeVisible();
  });
}

test("'Last opp' double-clicked stores the PDF once; 'Gi tilgang' double-clicked says it once", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { email } = await signUpAndConfirm(page, uniqueEmail('dobbel'));
  const title = `Dobbeltklikk ${Date.now().toString(36)}`;
  const listingId = await insertListing(email, { title, status: 'active', publishedAt: new Date() });
  const buyerPage = await (await browser.newContext()).newPage();
  const buyer = await signUpAndConfirm(buyerPage, uniqueEmail('kjoper'));
  await sql("INSERT INTO access_requests (id, listing_id, buyer_id, status, nda_version, nda_accepted_at, nda_accepted_from) VALUES (?, ?, ?, 'pending', '2026-11-1', NOW(3), '127.0.0.1')", [
    crypto.randomUUID(), listingId, await userId(buyer.email),
  ]);

  await page.goto('/mine-annonser');
  await expect(page.getByTestId('my-listing').filter({ hasText: title })).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('my-listing').filter({ hasText: title }).getByRole('button', { name: dataRoomTexts.show }).click();
  const section = page.getByTestId('seller-documents');
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Årsregnskap 2025', { x: 50, y: 780 });
  await section.getByLabel(dataRoomTexts.chooseFile).setInputFiles({ name: 'regnskap.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await section.getByRole('button', { name: dataRoomTexts.upload }).dblclick();
  await expect(section.getByTestId('own-document')).toHaveCount(1);
  await expect(toasts(page).filter({ hasText: dataRoomTexts.uploaded('regnskap') })).toHaveCount(1);
  await page.waitForTimeout(1500);
  await expect(section.getByTestId('own-document')).toHaveCount(1);
  expect(await sql('SELECT id FROM listing_documents WHERE listing_id = ?', [listingId])).toHaveLength(1);

  await page.getByRole('button', { name: accessAnswer.grant }).first().dblclick();
  await expect(toasts(page).filter({ hasText: accessAnswer.granted })).toHaveCount(1);
  await page.waitForTimeout(1500);
  await expect(toasts(page).filter({ hasText: accessAnswer.granted })).toHaveCount(1);
});

test("'Send melding' double-clicked sends one message with one success", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail('melding'));
  const title = `Melding én gang ${Date.now().toString(36)}`;
  const listingId = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active', publishedAt: new Date() });
  await page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(page, detail.sendMessage);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(contactDialog.label).fill('Hei! Jeg vil gjerne vite mer om omsetningen.');
  await dialog.getByRole('button', { name: contactDialog.send }).dblclick();
  await expect(toasts(page).filter({ hasText: contactDialog.sentTitle })).toHaveCount(1);
  await page.waitForTimeout(1500);
  await expect(toasts(page).filter({ hasText: contactDialog.sentTitle })).toHaveCount(1);
  expect(await sql('SELECT id FROM messages WHERE listing_id = ?', [listingId])).toHaveLength(1);
});

test("'Godkjenn' double-clicked approves with one success and no error over it", async ({ page }) => {
  const title = `Godkjenn én gang ${Date.now().toString(36)}`;
  await insertListing(DEMO_SELLER_EMAIL, { title, createdAt: daysAgo(900) });
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/admin');
  const row = page.locator('tr').filter({ hasText: title });
  await row.getByRole('button', { name: overview.approve }).dblclick();
  await expect(toasts(page).filter({ hasText: overview.approved })).toHaveCount(1);
  await page.waitForTimeout(1500);
  await expect(toasts(page).filter({ hasText: overview.approved })).toHaveCount(1);
  await expect(toasts(page).filter({ hasText: overview.approveFailed })).toHaveCount(0);
});
