import { expect, test, type Page } from '@playwright/test';
import { overview } from '@bedriftstorget/core/texts/admin';
import { alertMail, savedSearchTexts as texts } from '@bedriftstorget/core/texts/saved-search';
import { auth, nav } from '@bedriftstorget/core/texts/nb';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, daysAgo, insertListing } from './admin-fixtures';
import { latestMail, ops, signUpAndConfirm, uniqueEmail } from './helpers';

test.afterAll(closeE2eDb);
// One long story (save, manage, approve, mail, unsubscribe, delete); on the shared 2-core machine it took 4 minutes.
test.describe.configure({ timeout: 420_000 });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(auth.email).fill(email);
  await page.getByLabel(auth.password).fill(password);
  await page.getByRole('button', { name: auth.loginButton }).click();
}

test('a visitor saves a search through login, manages it, gets the approved listing by mail and turns the alert off', async ({ page, browser }) => {
  const word = `varsel${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
  // The account exists; this browser is a visitor until it logs in from the dialog.
  const other = await browser.newContext();
  const { email, password } = await signUpAndConfirm(await other.newPage(), uniqueEmail('lagre'));
  await other.close();

  await page.goto(`/alle-annonser?q=${word}&sted=Oslo`);
  await page.getByRole('button', { name: texts.saveButton }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialogTitle });
  await expect(dialog.getByLabel(texts.nameLabel)).toHaveValue(`«${word}» · i Oslo`);
  await dialog.getByRole('radio', { name: new RegExp(`^${texts.alerts.instant}`) }).check();
  await dialog.getByRole('button', { name: texts.save }).click();
  await expect(page.getByRole('dialog', { name: texts.loginTitle })).toBeVisible();
  await page.getByRole('link', { name: texts.loginButton }).click();
  await logIn(page, email, password);
  await expect(toast(page, texts.saved)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/alle-annonser\\?q=${word}&sted=Oslo`));

  // /lagrede-sok from the account menu: rename, change alerts, open.
  await page.getByRole('button', { name: nav.myAccount }).click();
  await page.getByRole('menuitem', { name: nav.savedSearches }).click();
  await expect(page.getByRole('heading', { level: 1, name: nav.savedSearches })).toBeVisible();
  const name = `«${word}» · i Oslo`;
  await page.getByRole('button', { name: texts.renameNamed(name) }).click();
  const renamed = `Kafeer ${word}`;
  await page.getByRole('dialog').getByLabel(texts.nameLabel).fill(renamed);
  await page.getByRole('dialog').getByRole('button', { name: 'Lagre' }).click();
  await expect(toast(page, texts.renamed)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();
  const alerts = page.getByLabel(texts.alertsFor(renamed));
  await alerts.selectOption({ label: texts.alerts.daily });
  await expect(toast(page, texts.alertsChanged)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(texts.alertsFor(renamed))).toHaveValue('daily');
  await page.getByLabel(texts.alertsFor(renamed)).selectOption({ label: texts.alerts.instant });
  await expect(page.getByLabel(texts.alertsFor(renamed))).toHaveValue('instant');
  await page.getByRole('link', { name: texts.openNamed(renamed) }).click();
  await expect(page).toHaveURL(new RegExp(`/alle-annonser\\?q=${word}&sted=Oslo$`));

  // A matching listing approved by an admin in the browser; the scheduled job mails it.
  const title = `Kafé ${word}`;
  const id = await insertListing(DEMO_SELLER_EMAIL, { title, location: 'Oslo', price: 1_250_000, createdAt: daysAgo(2000) });
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/auth?mode=login');
  await logIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).not.toHaveURL(/\/auth/);
  await admin.goto('/admin');
  await admin.getByRole('row').filter({ hasText: title }).getByRole('button', { name: overview.approve }).click();
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: overview.approved }).first()).toBeVisible();
  await admin.context().close();
  ops('review-queue');
  const mail = await latestMail(email, alertMail.subject(renamed, 1));
  expect(mail.text).toContain(title);
  expect(mail.text).toContain(`«${word}» · i Oslo`);
  expect(mail.links).toContain(`http://localhost:${new URL(page.url()).port}/bedrift/${id}`);

  // The mail's link, without logging in: opening it changes nothing (a link scanner opens it too); the button does.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(mail.links.find((link) => link.includes('/varsel/av'))!);
  await expect(visitor.getByRole('heading', { level: 1, name: texts.unsubscribeConfirmTitle })).toBeVisible();
  await page.goto('/lagrede-sok');
  await expect(page.getByLabel(texts.alertsFor(renamed))).not.toHaveValue('never');
  await visitor.getByRole('button', { name: texts.unsubscribeButton }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: texts.unsubscribedTitle })).toBeVisible();
  // A link that is no longer valid: a heading, and the message said once under it.
  await visitor.goto('/varsel/av?t=ugyldig-lenke-som-ikke-finnes');
  await visitor.getByRole('button', { name: texts.unsubscribeButton }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: texts.unsubscribeFailedTitle })).toBeVisible();
  await expect(visitor.getByText(texts.unsubscribeFailed)).toHaveCount(1);
  await visitor.context().close();
  await page.goto('/lagrede-sok');
  await expect(page.getByLabel(texts.alertsFor(renamed))).toHaveValue('never');

  // Delete: the empty state.
  await page.getByRole('button', { name: texts.removeNamed(renamed) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: texts.remove }).click();
  await expect(toast(page, texts.removed)).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.emptyTitle })).toBeVisible();
});
