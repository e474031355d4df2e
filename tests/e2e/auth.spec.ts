import { expect, test } from '@playwright/test';
import { auth as texts, mail, nav } from '@bedriftstorget/core/texts/nb';
import { latestMail, signIn, signOut, signUp, signUpAndConfirm, uniqueEmail } from './helpers';

test('sign up, confirm from the outbox, sign out, sign in', async ({ page }) => {
  const email = uniqueEmail();
  await signUp(page, email, 'hemmelig1');
  await expect(page.getByRole('status').getByText(email)).toBeVisible();

  const confirmation = await latestMail(email);
  expect(confirmation.subject).toBe(mail.confirmSubject);
  await page.goto(confirmation.links[0]!);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(texts.confirmed)).toBeVisible();
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();

  await signOut(page);

  await signIn(page, email, 'hemmelig1');
  await expect(page.getByText(texts.loggedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();
});

test('the session cookie cannot be read by scripts', async ({ page }) => {
  await signUpAndConfirm(page);
  expect(await page.evaluate(() => document.cookie)).not.toContain('bt_session');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'bt_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  const { email } = await signUpAndConfirm(page);
  await signOut(page);
  await signIn(page, email, 'feilpassord');
  await expect(page.getByText(texts.wrongCredentials)).toBeVisible();
  await expect(page.getByText('Feil', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('the forms explain bad input before anything is sent', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  await page.getByRole('button', { name: texts.signupButton }).click();
  await expect(page.getByText(texts.emailRequired)).toBeVisible();
  await expect(page.getByText(texts.passwordRequired)).toBeVisible();
  await page.getByLabel(texts.email).fill('kari@');
  await page.getByLabel(texts.password).fill('12345');
  await page.getByRole('button', { name: texts.signupButton }).click();
  await expect(page.getByText(texts.emailInvalid)).toBeVisible();
  await expect(page.getByText(texts.passwordTooShort)).toBeVisible();
  await expect(page.getByLabel(texts.password)).toHaveAttribute('aria-invalid', 'true');
});

test('reset the password from the mailed link; other sessions end', async ({ page, browser }) => {
  const { email } = await signUpAndConfirm(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, 'hemmelig1');
  await expect(otherPage.getByRole('button', { name: nav.myAccount })).toBeVisible();

  await signOut(page);
  await page.goto('/auth?mode=login');
  await page.getByRole('button', { name: texts.forgotPassword }).click();
  await page.getByLabel(texts.email).fill(email);
  await page.getByRole('button', { name: texts.resetButton }).click();
  await expect(page.getByText(texts.emailSent)).toBeVisible();

  const resetMail = await latestMail(email, mail.resetSubject);
  await page.goto(resetMail.links[0]!);
  await expect(page.getByRole('heading', { name: texts.newPasswordTitle })).toBeVisible();
  await page.getByLabel(texts.newPassword).fill('nyttpassord');
  await page.getByRole('button', { name: texts.newPasswordButton }).click();
  await expect(page.getByText(texts.passwordChanged)).toBeVisible();
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();

  await otherPage.reload();
  await expect(otherPage.getByRole('link', { name: nav.login })).toBeVisible();
  await signOut(page);
  await signIn(page, email, 'hemmelig1');
  await expect(page.getByText(texts.wrongCredentials)).toBeVisible();
  await signIn(page, email, 'nyttpassord');
  await expect(page.getByText(texts.loggedIn)).toBeVisible();
  await other.close();
});

test('after sign-in a waiting local draft leads back to the wizard', async ({ page }) => {
  const { email, password } = await signUpAndConfirm(page);
  await signOut(page);
  await page.evaluate(() => localStorage.setItem('draft_listing', JSON.stringify({ formData: {}, currentStep: 2, guestEmail: '', timestamp: Date.now() })));
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/legg-ut-annonse$/);
});

test("'Logg ut' from a page for signed-in users ends on the front page even when its code is slow to arrive", async ({ page }) => {
  await signUpAndConfirm(page);
  // A fresh tab on /mine-annonser, where the front page's code has not been loaded yet; the network is slow for it.
  await page.goto('/mine-annonser');
  await expect(page.getByRole('heading', { level: 1, name: 'Mine annonser' })).toBeVisible();
  await page.route(/\/assets\/landing-page-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  const visited: string[] = [];
  page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
  await signOut(page);
  // Not the login page with /mine-annonser as `next` while the front page was on its way.
  expect(visited.filter((path) => path.startsWith('/auth'))).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: texts.loginTitle })).toHaveCount(0);
});
