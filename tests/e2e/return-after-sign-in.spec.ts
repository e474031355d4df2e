import { expect, test } from '@playwright/test';
import { auth as texts, nav } from '@bedriftstorget/core/texts/nb';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { DEMO_ADMIN } from './admin-fixtures';
import { latestMail, signOut, signUpAndConfirm, uniqueEmail } from './helpers';
import { E2E } from './env';

/** After sign-up, confirmation and login the user is back where they were; staff land on /admin; nothing sends anyone off the site. */
const BROWSE = '/alle-annonser?bransje=craft';

test('phone: sign-up from a browse page says its success once, offers a new mail, and the link brings the user back there', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(BROWSE);
  await page.getByRole('button', { name: nav.openMenu }).click();
  await page.getByRole('dialog').getByRole('link', { name: nav.loginOrSignup }).click();
  await expect(page).toHaveURL(/\/auth\?mode=login&next=/);
  await page.getByRole('button', { name: texts.toSignup }).click();
  const email = uniqueEmail('tilbake');
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password).fill('hemmelig1');
  await page.getByLabel(consent.label).check();
  await page.getByRole('button', { name: texts.signupButton }).click();
  await expect(page.getByText(texts.signedUpText)).toBeVisible();
  // Once on the page: the notice, not a toast beside it.
  await expect(page.getByText(texts.signedUp, { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Send e-posten på nytt', exact: true })).toBeVisible();
  const mail = await latestMail(email);
  expect(new URL(mail.links[0]!).searchParams.get('next')).toBe(BROWSE);
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(`${E2E.appUrl}${BROWSE}`);
});

test('desktop: login from the header comes back to the page it was opened on', async ({ page }) => {
  const { email, password } = await signUpAndConfirm(page);
  await signOut(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(BROWSE);
  await page.getByRole('banner').getByRole('link', { name: nav.login, exact: true }).click();
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password).fill(password);
  await page.getByRole('button', { name: texts.loginButton }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}${BROWSE}`);
});

for (const hostile of ['//evil.example', 'https://evil.example']) {
  test(`a hostile return value ${hostile} keeps the user on the site`, async ({ page }) => {
    const { email, password } = await signUpAndConfirm(page);
    await signOut(page);
    await page.goto(`/auth?mode=login&next=${encodeURIComponent(hostile)}`);
    await page.getByLabel(texts.email).fill(email);
    await page.getByLabel(texts.password).fill(password);
    await page.getByRole('button', { name: texts.loginButton }).click();
    await expect(page).toHaveURL(`${E2E.appUrl}/`);
    await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();
  });
}

test('staff land on /admin after login, even from a public page', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(BROWSE);
  await page.getByRole('banner').getByRole('link', { name: nav.login, exact: true }).click();
  await page.getByLabel(texts.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(texts.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: texts.loginButton }).click();
  await expect(page).toHaveURL(`${E2E.appUrl}/admin`);
});
