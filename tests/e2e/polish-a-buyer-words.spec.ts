import { expect, test } from '@playwright/test';
import { accessRequest } from '@bedriftstorget/core/texts/access';
import { detail, favorites } from '@bedriftstorget/core/texts/marketplace';
import { contactDialog, messageTexts } from '@bedriftstorget/core/texts/messages';
import { auth, mail } from '@bedriftstorget/core/texts/nb';
import { closeE2eDb, DEMO_SELLER_EMAIL, insertListing } from './admin-fixtures';
import { contactSellerBy, latestMail, signUpAndConfirm, uniqueEmail } from './helpers';

/** Words a buyer reads, each where the buyer met it, on a phone and at a desktop. */
test.afterAll(closeE2eDb);

for (const [name, viewport] of [['phone', { width: 393, height: 851 }], ['desktop', { width: 1280, height: 900 }]] as const) {
  test.describe(name, () => {
    test('a short message says how many characters are missing under Send melding, and the count follows the typing', async ({ page }) => {
      await signUpAndConfirm(page);
      await page.setViewportSize(viewport);
      const id = await insertListing(DEMO_SELLER_EMAIL, { title: `Verksted ${crypto.randomUUID().slice(0, 6)}`, status: 'active', publishedAt: new Date() });
      await page.goto(`/bedrift/${id}`);
      await contactSellerBy(page, detail.sendMessage);
      const dialog = page.getByRole('dialog', { name: contactDialog.title });
      const text = dialog.getByLabel(contactDialog.label);
      await text.fill('Hei!');
      await expect(dialog.getByText(messageTexts.needsMore(6))).toBeVisible();
      await expect(dialog.getByText('Skriv minst 10 tegn – 6 til')).toBeVisible();
      await expect(dialog.getByRole('button', { name: contactDialog.send })).toBeDisabled();
      await text.fill('Hei! Er den');
      await expect(dialog.getByText(/Skriv minst 10 tegn/)).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: contactDialog.send })).toBeEnabled();
    });

    test('a visitor who taps the heart gets a toast with a Logg inn link that returns to the listing after sign-in (next=)', async ({ page }) => {
      await page.setViewportSize(viewport);
      const title = `Bakeri ${crypto.randomUUID().slice(0, 6)}`;
      const id = await insertListing(DEMO_SELLER_EMAIL, { title, status: 'active', publishedAt: new Date() });
      await page.goto(`/bedrift/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.getByRole('button', { name: favorites.save }).first().click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: favorites.loginText });
      await expect(toast).toContainText(favorites.loginTitle);
      await toast.getByRole('link', { name: favorites.loginLink }).click();
      await expect(page).toHaveURL(/\/auth\?mode=login/);
      expect(decodeURIComponent(page.url())).toContain(`/bedrift/${id}`);
    });

    test('a confirmation link used again says the address is already confirmed, signed out and signed in', async ({ page }) => {
      const { email } = await signUpAndConfirm(page, uniqueEmail('bekreftet'));
      const link = (await latestMail(email)).links[0]!;
      await page.setViewportSize(viewport);
      // Signed in: the same link again
      await page.goto(link);
      await expect(page.getByText(auth.alreadyConfirmed).first()).toBeVisible();
      await expect(page.getByText('E-postadressen er allerede bekreftet. Du kan logge inn.').first()).toBeVisible();
      // Signed out (another browser): the same words
      await page.context().clearCookies();
      await page.goto(link);
      await expect(page.getByText(auth.alreadyConfirmed).first()).toBeVisible();
    });

    test('a reset link used once says so before its form, not after a new password is typed', async ({ page }) => {
      const { email } = await signUpAndConfirm(page, uniqueEmail('nullstill'));
      await page.context().clearCookies();
      await page.setViewportSize(viewport);
      await page.goto('/auth?mode=login');
      await page.getByRole('button', { name: auth.forgotPassword }).click();
      await page.getByLabel(auth.email).fill(email);
      await page.getByRole('button', { name: auth.resetButton }).click();
      await expect(page.getByText(auth.emailSent)).toBeVisible();
      const link = (await latestMail(email, mail.resetSubject)).links[0]!;
      await page.goto(link);
      await page.getByLabel(auth.newPassword).fill('nyttpassord');
      await page.getByRole('button', { name: auth.newPasswordButton }).click();
      await expect(page.getByText(auth.passwordChanged)).toBeVisible();
      await page.context().clearCookies();
      await page.goto(link);
      await expect(page.getByText(auth.resetLinkUsed)).toBeVisible();
      await expect(page.getByLabel(auth.newPassword)).toHaveCount(0);
    });

    test('the Taushetserklæring in Be om tilgang names its version in words', async ({ page }) => {
      await signUpAndConfirm(page);
      await page.setViewportSize(viewport);
      const id = await insertListing(DEMO_SELLER_EMAIL, { title: `Konfidensielt ${crypto.randomUUID().slice(0, 6)}`, status: 'active', publishedAt: new Date(), confidential: true });
      await page.goto(`/bedrift/${id}`);
      await page.getByTestId('access-panel').getByRole('button', { name: accessRequest.open }).click();
      const dialog = page.getByRole('dialog', { name: accessRequest.title });
      await expect(dialog.getByText('Versjon 1, november 2026')).toBeVisible();
    });
  });
}
