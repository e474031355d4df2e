import { expect, test, type Page } from '@playwright/test';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { auth, nav } from '@bedriftstorget/core/texts/nb';
import { listing } from '@bedriftstorget/core/texts/listing-validation';
import { drafts, images, myListings, profile, wizard } from '@bedriftstorget/core/texts/seller';
import { sql } from './db';
import { latestMail, signIn, signUpAndConfirm, uniqueEmail } from './helpers';

/** A real 1×1 PNG: the browser decodes it and the server checks its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const DESCRIPTION = 'Et lønnsomt verksted med faste kunder, moderne maskiner og erfarne ansatte som gjerne blir med videre.';

async function fillBasics(page: Page, title: string) {
  await page.getByLabel(wizard.fields.title).fill(title);
  await page.getByLabel(wizard.fields.industry).selectOption('craft');
  await page.getByLabel(wizard.fields.location).fill('Bergen');
  await page.getByLabel(wizard.fields.description).fill(DESCRIPTION);
}

async function addImages(page: Page, ...names: string[]) {
  await page.locator('#wizard-images').setInputFiles(names.map(png));
}

const next = (page: Page) => page.getByRole('button', { name: wizard.next }).click();
const toastText = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

test('the whole wizard with two real uploads ends in Mine annonser, pending review', async ({ page }) => {
  await signUpAndConfirm(page);
  await page.goto('/legg-ut-annonse');
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
  await fillBasics(page, 'Verksted med to bilder');
  await addImages(page, 'a.png', 'b.png');
  await expect(page.getByText(images.uploaded)).toHaveCount(2);
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: images.moveRight(1) }).click();
  await next(page);
  await expect(page.getByText(wizard.stepOf(2, 5))).toBeVisible();
  await page.getByLabel(wizard.fields.price).fill('2 450 000');
  await page.getByLabel(wizard.fields.revenue).fill('6 100 000');
  await page.getByLabel(wizard.fields.profit).fill('780 000');
  await next(page);
  await page.getByLabel(wizard.fields.employees).fill('7');
  await page.getByLabel(wizard.fields.established).fill('2011');
  await page.getByLabel(wizard.fields.companyForm).selectOption('as');
  await next(page);
  await page.getByLabel('Inventar').check();
  await page.getByLabel('Kundeportefølje').check();
  await next(page);
  await page.getByLabel(wizard.fields.ownerComment).fill('Jeg går av med pensjon og ønsker en god overtaker.');
  await page.getByRole('button', { name: wizard.submit }).click();

  await toastText(page, wizard.successTitle);
  await expect(page).toHaveURL(/\/mine-annonser$/);
  const card = page.getByTestId('my-listing').filter({ hasText: 'Verksted med to bilder' });
  await expect(card.getByText('Venter godkjenning')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('draft_listing'))).toBeNull();

  await card.getByRole('link', { name: myListings.view }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verksted med to bilder' })).toBeVisible();
  await expect(page.getByText('2 450 000 kr').first()).toBeVisible();
  await expect(page.getByText('1 / 2')).toBeVisible();
  await expect(page.getByText(industryLabels.craft).first()).toBeVisible();
  // Only the owner sees it before approval.
  expect(await page.getByRole('note').innerText()).toContain('ikke publisert');
});

test('files that are not images and a sixth image are refused; a cleared industry stops step 1 again', async ({ page }) => {
  await signUpAndConfirm(page);
  await page.goto('/legg-ut-annonse');
  await fillBasics(page, 'Verksted med mange bilder');
  await page.locator('#wizard-images').setInputFiles({ name: 'notat.txt', mimeType: 'text/plain', buffer: Buffer.from('hei') });
  await toastText(page, images.notImageTitle);
  // Six picked: the first five are kept and the toast says so; a further one is refused.
  await addImages(page, '1.png', '2.png', '3.png', '4.png', '5.png', '6.png');
  await toastText(page, images.tooManyTitle);
  await toastText(page, images.keptFirst(5, 6));
  await expect(page.getByText(images.uploaded)).toHaveCount(5);
  await addImages(page, '7.png');
  await toastText(page, images.tooManyText);
  await expect(page.getByText(images.uploaded)).toHaveCount(5);
  // Validation is inline (tests/e2e/wizard-validation.spec.ts): the industry is checked on its own step.
  await page.getByLabel(wizard.fields.industry).selectOption('');
  await next(page);
  await expect(page.getByText(wizard.stepOf(1, 5))).toBeVisible();
  await expect(page.getByLabel(wizard.fields.industry)).toBeFocused();
  await expect(page.getByLabel(wizard.fields.industry)).toHaveAccessibleDescription(listing.industry);
});

test('a guest fills the wizard, signs up, and lands back in it with everything kept', async ({ page }) => {
  await page.goto('/legg-ut-annonse');
  await fillBasics(page, 'Gjestens bedrift');
  await addImages(page, 'gjest.png');
  await expect(page.getByText(images.waitingForLogin)).toBeVisible();
  await next(page);
  await next(page);
  await next(page);
  await next(page);
  const email = uniqueEmail('gjest');
  await page.getByLabel(wizard.fields.guestEmail).fill(email);
  await page.getByLabel(wizard.fields.ownerComment).fill('Hei fra gjesten.');
  await page.getByRole('button', { name: wizard.submit }).click();
  const dialog = page.getByRole('dialog', { name: wizard.loginDialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: wizard.cancel })).toBeVisible();
  await expect(dialog.getByRole('link', { name: wizard.login })).toHaveAttribute('href', '/auth?mode=login');
  // The address is remembered when its field is left; the call may still be on its way
  await expect.poll(async () => ((await sql('SELECT email FROM draft_reminders WHERE email = ?', [email])) as unknown[]).length).toBe(1);

  await dialog.getByRole('link', { name: wizard.createAccount }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  // The URL changes at once, but the wizard (with its own e-mail field) stays until the page's code is in.
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett bruker' })).toBeVisible();
  await page.getByLabel('E-post', { exact: true }).fill(email);
  await page.getByLabel('Passord').fill('hemmelig1');
  await page.getByLabel(consent.label).check();
  await page.getByRole('button', { name: 'Opprett bruker' }).click();
  // Sign-up answers in the same time whether or not the address is known (timing parity), up to a few seconds here.
  await expect(page.getByText(auth.signedUpText)).toBeVisible({ timeout: 15_000 });
  await page.goto((await latestMail(email)).links[0]!);

  await expect(page).toHaveURL(/\/legg-ut-annonse$/);
  await toastText(page, wizard.welcomeBackTitle);
  await expect(page.getByText(wizard.stepOf(5, 5))).toBeVisible();
  await expect(page.getByLabel(wizard.fields.ownerComment)).toHaveValue('Hei fra gjesten.');
  await page.getByRole('button', { name: wizard.previous }).click();
  await page.getByRole('button', { name: wizard.previous }).click();
  await page.getByRole('button', { name: wizard.previous }).click();
  await page.getByRole('button', { name: wizard.previous }).click();
  await expect(page.getByLabel(wizard.fields.title)).toHaveValue('Gjestens bedrift');
  await expect(page.getByText(images.uploaded)).toHaveCount(1);
  for (let i = 0; i < 4; i += 1) await next(page);
  await page.getByRole('button', { name: wizard.submit }).click();
  await toastText(page, wizard.successTitle);
  await expect(page.getByTestId('my-listing').filter({ hasText: 'Gjestens bedrift' })).toBeVisible();
  const [reminder] = (await sql('SELECT cancelled_at FROM draft_reminders WHERE email = ?', [email])) as { cancelled_at: Date | null }[];
  expect(reminder?.cancelled_at).not.toBeNull();
});

test('editing a published listing says the edit waits for approval; the listing stays published (revisions.spec.ts follows it to approval)', async ({ page }) => {
  await signIn(page, 'selger@bedriftstorget.no', 'selger123');
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();
  await page.goto('/mine-annonser');
  const card = page.getByTestId('my-listing').filter({ hasText: 'Publisert' }).first();
  const title = await card.locator('h2').innerText();
  await card.getByRole('link', { name: myListings.edit, exact: true }).click();
  await expect(page.getByRole('heading', { name: wizard.editTitle })).toBeVisible();
  await expect(page.getByLabel(wizard.fields.title)).toHaveValue(title);
  await expect(page.getByTestId('wizard-image').first()).toBeVisible();
  await page.getByLabel(wizard.fields.title).fill(`${title} (oppdatert)`);
  for (let i = 0; i < 4; i += 1) await next(page);
  await expect(page.getByRole('note')).toHaveText(wizard.revisionNote);
  await page.getByRole('button', { name: wizard.save }).click();
  await toastText(page, wizard.revisionSavedText);
  const edited = page.getByTestId('my-listing').filter({ hasText: `${title} (oppdatert)` });
  await expect(edited.getByText(myListings.revisionPending, { exact: true })).toBeVisible();
  await expect(edited.getByText('Publisert', { exact: true })).toBeVisible();
});

test('another user’s listing cannot be opened for editing', async ({ page }) => {
  const [row] = (await sql("SELECT id FROM listings WHERE status = 'active' LIMIT 1")) as { id: string }[];
  await signUpAndConfirm(page);
  await page.goto(`/legg-ut-annonse?edit=${row!.id}`);
  await toastText(page, wizard.editLoadFailed);
  await expect(page).toHaveURL(/\/mine-annonser$/);
});

test('the quota stops a submit past max_listings, with the number in the message', async ({ page }) => {
  const { email } = await signUpAndConfirm(page);
  await page.goto('/legg-ut-annonse');
  await fillBasics(page, 'En annonse for mye');
  await addImages(page, 'q.png');
  await expect(page.getByText(images.uploaded)).toHaveCount(1);
  // The quota is checked when the wizard opens (quota-up-front.spec.ts); here it fills while the wizard is open.
  await sql('UPDATE profiles p JOIN users u ON u.id = p.id SET p.max_listings = 0 WHERE u.email = ?', [email]);
  for (let i = 0; i < 4; i += 1) await next(page);
  await page.getByRole('button', { name: wizard.submit }).click();
  await toastText(page, wizard.quotaTitle);
  await toastText(page, wizard.quotaText(0));
  await expect(page).toHaveURL(/\/legg-ut-annonse\?steg=5$/);
});

test('delete an own listing after confirming', async ({ page }) => {
  await signIn(page, 'selger@bedriftstorget.no', 'selger123');
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();
  await page.goto('/mine-annonser');
  await expect(page.getByTestId('my-listing').first()).toBeVisible();
  const before = await page.getByTestId('my-listing').count();
  const card = page.getByTestId('my-listing').last();
  const title = await card.locator('h2').innerText();
  await card.getByRole('button', { name: myListings.delete }).click();
  await expect(page.getByRole('alertdialog', { name: myListings.confirmDelete })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: myListings.delete }).click();
  await toastText(page, myListings.deleted);
  await expect(page.getByTestId('my-listing')).toHaveCount(before - 1);
  await expect(page.getByTestId('my-listing').filter({ hasText: title })).toHaveCount(0);
});

test('drafts: the local draft is listed, continued and deleted', async ({ page }) => {
  await page.goto('/mine-utkast');
  await expect(page.getByRole('heading', { name: drafts.emptyTitle })).toBeVisible();
  await page.goto('/legg-ut-annonse');
  await page.getByLabel(wizard.fields.title).fill('Mitt utkast');
  await page.goto('/mine-utkast');
  await expect(page.getByTestId('draft').getByRole('heading', { name: 'Mitt utkast' })).toBeVisible();
  await page.getByRole('link', { name: drafts.continue }).click();
  await expect(page.getByLabel(wizard.fields.title)).toHaveValue('Mitt utkast');
  await page.goto('/mine-utkast');
  await page.getByRole('button', { name: drafts.delete }).click();
  await toastText(page, drafts.deleted);
  await expect(page.getByRole('heading', { name: drafts.emptyTitle })).toBeVisible();
});

test('profile: visitors are sent to sign in; a user edits name and phone, with a check of the number', async ({ page }) => {
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/auth\?mode=login&next=%2Fprofil$/);
  const { email } = await signUpAndConfirm(page);
  await page.goto('/profil');
  await expect(page.getByLabel(profile.email)).toHaveValue(email);
  await expect(page.getByLabel(profile.email)).toHaveAttribute('readonly', '');
  await expect(page.getByText(profile.userTypes.individual)).toBeVisible();
  await expect(page.getByText(profile.plans.free)).toBeVisible();
  await page.getByLabel(profile.fullName).fill('Kari Nordmann');
  await page.getByLabel(profile.phone).fill('123');
  await page.getByRole('button', { name: profile.save }).click();
  await expect(page.getByText(profile.phoneInvalid)).toBeVisible();
  await page.getByLabel(profile.phone).fill('912 34 567');
  await page.getByRole('button', { name: profile.save }).click();
  await toastText(page, profile.saved);
  await page.reload();
  await expect(page.getByLabel(profile.fullName)).toHaveValue('Kari Nordmann');
  await expect(page.getByLabel(profile.phone)).toHaveValue('+4791234567');
});
