import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { accountDeletion, accountDeletionMail, adminAccountDeletion } from '@bedriftstorget/core/texts/account';
import { adminUsers } from '@bedriftstorget/core/texts/admin';
import { auth, nav } from '@bedriftstorget/core/texts/nb';
import { closeE2eDb, DEMO_ADMIN, insertListing, userId } from './admin-fixtures';
import { E2E } from './env';
import { latestMail, signIn, signUpAndConfirm, uniqueEmail } from './helpers';

/** 'Slett konto' (decision 088) as a user in /profil and as an admin in /admin/brukere. */
async function query<T>(statement: string, params: unknown[] = []): Promise<T[]> {
  const connection = await createSessionConnection(E2E.databaseUrl);
  try {
    const [rows] = await connection.query(statement, params);
    return rows as T[];
  } finally {
    await connection.end();
  }
}

async function person(browser: Browser, prefix: string, fullName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, password } = await signUpAndConfirm(page, uniqueEmail(prefix));
  await query('UPDATE profiles p JOIN users u ON u.id = p.id SET p.full_name = ? WHERE u.email = ?', [fullName, email]);
  return { context, page, email, password };
}

/** A message from `from` to the owner of `listingId`, as contactSeller stores it. */
async function message(from: string, to: string, listingId: string, text: string): Promise<void> {
  await query('INSERT INTO messages (id, listing_id, sender_id, receiver_id, message_text, client_message_id) VALUES (UUID(), ?, ?, ?, ?, UUID())', [listingId, await userId(from), await userId(to), text]);
}

async function stillAnAccount(email: string): Promise<number> {
  return (await query<{ n: number }>('SELECT COUNT(*) AS n FROM users WHERE email = ?', [email]))[0]!.n;
}

/** axe-core's serious and critical WCAG AA findings, as tests/e2e/accessibility.spec.ts counts them. */
async function seriousFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function expectSignedOut(page: Page): Promise<void> {
  // A signed-in page sends a visitor to the login page.
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('heading', { name: auth.loginTitle })).toBeVisible();
}

test.afterAll(closeE2eDb);

test('a user deletes their account from /profil: keyboard dialog, wrong password refused, signed out on both browsers, the seller keeps the conversation', async ({ browser }) => {
  const tag = crypto.randomUUID().slice(0, 6);
  const seller = await person(browser, 'selger', `Selger ${tag}`);
  const leaving = await person(browser, 'slett', `Sletta ${tag}`);
  const listingId = await insertListing(seller.email, { title: `Verksted ${tag}`, status: 'active' });
  await message(leaving.email, seller.email, listingId, 'Er verkstedet fortsatt til salgs?');
  // The same account signed in on a second browser.
  const second = await (await browser.newContext()).newPage();
  await signIn(second, leaving.email, leaving.password);
  await expect(second.getByRole('button', { name: nav.myAccount })).toBeVisible();

  const page = leaving.page;
  await page.goto('/profil');
  const section = page.getByRole('region', { name: accountDeletion.title });
  await expect(section).toContainText(accountDeletion.intro);
  await section.getByRole('button', { name: accountDeletion.open }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: accountDeletion.dialogTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('nda-kept')).toHaveText(accountDeletion.ndaKept);
  // The safe choice has the focus; Escape closes and gives it back.
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('button', { name: accountDeletion.open })).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByLabel(accountDeletion.passwordLabel).fill('feil-passord');
  await dialog.getByRole('button', { name: accountDeletion.confirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(accountDeletion.wrongPassword);
  await expect(dialog.getByLabel(accountDeletion.passwordLabel)).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousFindings(page)).toEqual([]);
  expect(await stillAnAccount(leaving.email)).toBe(1);

  await dialog.getByLabel(accountDeletion.passwordLabel).fill(leaving.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/konto-slettet$/);
  await expect(page.getByRole('heading', { name: accountDeletion.deletedTitle })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(accountDeletion.deletedText);
  expect(await seriousFindings(page)).toEqual([]);
  await expect(page.getByRole('link', { name: nav.login })).toBeVisible();
  expect(await stillAnAccount(leaving.email)).toBe(0);
  expect((await latestMail(leaving.email, accountDeletionMail.deletedSubject)).text).toBe(accountDeletionMail.deletedText);

  await expectSignedOut(second);

  // The seller's inbox keeps the conversation, from 'Slettet bruker'.
  await seller.page.goto('/meldinger');
  const conversation = seller.page.getByRole('button', { name: new RegExp(accountDeletion.deletedUser) });
  await expect(conversation).toBeVisible();
  await conversation.click();
  await expect(seller.page.getByText('Er verkstedet fortsatt til salgs?').last()).toBeVisible();
});

test('an admin deletes a user from /admin/brukere, is refused deleting themselves, and the log shows ids only', async ({ browser }) => {
  const tag = crypto.randomUUID().slice(0, 6);
  const user = await person(browser, 'admslett', `Bruker ${tag}`);
  const id = await userId(user.email);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  // Staff land on /admin after signing in (decision 090).
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/brukere');
  // Their own row offers no 'Slett' (the server refuses it: account-delete-rules.test.ts).
  await page.getByRole('searchbox', { name: adminUsers.searchLabel }).fill(DEMO_ADMIN.email);
  await expect(page.getByRole('button', { name: adminUsers.editFor(DEMO_ADMIN.name) })).toBeVisible();
  await expect(page.getByRole('button', { name: adminAccountDeletion.deleteFor(DEMO_ADMIN.name) })).toHaveCount(0);

  await page.getByRole('searchbox', { name: adminUsers.searchLabel }).fill(user.email);
  const row = page.locator(`tr[data-id="${id}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: adminAccountDeletion.deleteFor(`Bruker ${tag}`) }).click();
  const dialog = page.getByRole('alertdialog', { name: adminAccountDeletion.dialogTitle });
  await expect(dialog).toContainText(adminAccountDeletion.dialogText);
  await dialog.getByRole('button', { name: adminAccountDeletion.confirm }).click();
  await expect(page.getByText(adminAccountDeletion.deleted)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await stillAnAccount(user.email)).toBe(0);
  // Told staff deleted it, not the goodbye to someone who asked to go.
  expect((await latestMail(user.email, accountDeletionMail.staffDeletedSubject)).text).toBe(accountDeletionMail.staffDeletedText);

  const [entry] = await query<{ action: string; target_id: string; details: string | null }>('SELECT action, target_id, details FROM admin_logs WHERE target_id = ?', [id]);
  expect(entry).toEqual({ action: adminAccountDeletion.loggedAction, target_id: id, details: null });
  await page.goto('/admin/logg');
  await expect(page.getByText(adminAccountDeletion.loggedAction).first()).toBeVisible();

  await expectSignedOut(user.page);
});
