import { expect, test, type Page } from '@playwright/test';
import { auth as texts, nav } from '@bedriftstorget/core/texts/nb';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { profile } from '@bedriftstorget/core/texts/seller';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { latestMail, signOut, signUpAndConfirm } from './helpers';
import { chooseAtVipps, loginWithVipps } from './vipps-support';

/**
 * 'Logg inn med Vipps' and 'Verifiser deg med Vipps' in a real browser against the local Vipps
 * (decisions 118–120): sign-up after the terms, the demo seller, linking an existing account only
 * after its password or the mailed link, verification in /profil and a name change dropping the
 * mark, and a callback opened again refused.
 */
test.describe.configure({ timeout: 90_000 });

const signedIn = (page: Page) => expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible({ timeout: 30_000 });
const profileBox = (page: Page) => page.getByRole('region', { name: vippsTexts.profileTitle, exact: true });

test.describe('on a phone', () => {
  test.use({ viewport: { width: 393, height: 851 } });

  test('a new person signs up with Vipps: the terms first, then an account with the verified name and phone, marked in /profil', async ({ page }) => {
    await loginWithVipps(page, /Ingrid Hansen/);
    // No account before the terms: the consent step, then Vipps again (it remembers the person).
    await expect(page.getByRole('heading', { name: vippsTexts.consentTitle })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: nav.myAccount })).toHaveCount(0);
    await page.getByLabel(consent.label).check();
    await page.getByRole('button', { name: vippsTexts.login }).click();
    // The phone's header has a menu, not 'Min konto': the inbox link shows the account is signed in.
    await expect(page.getByRole('link', { name: /^Meldinger/ })).toBeVisible({ timeout: 30_000 });
    await page.goto('/profil');
    await expect(page.locator('#fullName')).toHaveValue('Ingrid Hansen');
    await expect(profileBox(page).getByTestId('vipps-mark')).toHaveText(vippsTexts.verified);
    await expect(profileBox(page).getByText('+4793344556')).toBeVisible();
  });
});

test('the demo seller signs in with Vipps as themselves', async ({ page }) => {
  await loginWithVipps(page, /Kari Nordmann/);
  await signedIn(page);
  await page.goto('/profil');
  await expect(page.locator('#email')).toHaveValue('selger@bedriftstorget.no');
  await expect(profileBox(page).getByTestId('vipps-mark')).toBeVisible();
});

test('an account with the same address is linked only after its password; a wrong one is refused', async ({ page }) => {
  const { password } = await signUpAndConfirm(page, 'ola.berg@example.no');
  await signOut(page);
  await loginWithVipps(page, /Ola Berg/);
  await expect(page.getByRole('heading', { name: vippsTexts.linkTitle })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: nav.myAccount })).toHaveCount(0);
  await page.getByLabel(vippsTexts.linkPassword).fill('feil-passord');
  await page.getByRole('button', { name: vippsTexts.linkWithPassword }).click();
  await expect(page.getByText(vippsTexts.wrongPassword)).toBeVisible();
  await expect(page.getByRole('button', { name: nav.myAccount })).toHaveCount(0);
  await page.getByLabel(vippsTexts.linkPassword).fill(password);
  await page.getByRole('button', { name: vippsTexts.linkWithPassword }).click();
  await signedIn(page);
  await page.goto('/profil');
  await expect(page.locator('#email')).toHaveValue('ola.berg@example.no');
  await expect(profileBox(page).getByTestId('vipps-mark')).toBeVisible();
});

test('or by the link mailed to the account', async ({ page }) => {
  await signUpAndConfirm(page, 'sofie.lie@example.no');
  await signOut(page);
  await loginWithVipps(page, /Sofie Lie/);
  await page.getByRole('button', { name: vippsTexts.linkByMail }).click();
  await expect(page.getByText(vippsTexts.linkMailSent)).toBeVisible();
  await expect(page.getByRole('button', { name: nav.myAccount })).toHaveCount(0);
  const mail = await latestMail('sofie.lie@example.no', vippsTexts.linkMailSubject);
  await page.goto(mail.links[0]!);
  await signedIn(page);
  await page.goto('/profil');
  await expect(profileBox(page).getByTestId('vipps-mark')).toBeVisible();
});

test('the demo buyer verifies in /profil; a new name drops the mark until verified again', async ({ page }) => {
  await page.goto('/auth?mode=login');
  await page.getByLabel(texts.email).fill('kjoper@bedriftstorget.no');
  await page.getByLabel(texts.password).fill('kjoper123');
  await page.getByRole('button', { name: texts.loginButton }).click();
  await signedIn(page);
  await page.goto('/profil');
  await expect(profileBox(page).getByText(vippsTexts.profileNotVerified)).toBeVisible();
  await profileBox(page).getByRole('button', { name: vippsTexts.verify }).click();
  await chooseAtVipps(page, /Per Kjøper/);
  await expect(page).toHaveURL(/\/profil$/, { timeout: 30_000 });
  await expect(profileBox(page).getByTestId('vipps-mark')).toHaveText(vippsTexts.verified);
  await expect(profileBox(page).getByText('+4790011223')).toBeVisible();
  await expect(page.locator('#fullName')).toHaveValue('Per Kjøper');

  await page.locator('#fullName').fill('Per Kjøper Endret');
  await page.getByRole('button', { name: profile.save, exact: true }).click();
  await expect(profileBox(page).getByText(vippsTexts.profileNotVerified)).toBeVisible();
  await expect(profileBox(page).getByTestId('vipps-mark')).toHaveCount(0);
  await page.reload();
  await expect(profileBox(page).getByRole('button', { name: vippsTexts.verify })).toBeVisible();
});

test('a callback opened again is refused, and signs no one in', async ({ page, browser }) => {
  let callback = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/auth/vipps/callback')) callback = frame.url();
  });
  await loginWithVipps(page, /Kari Nordmann/);
  await signedIn(page);
  expect(callback).toContain('code=');

  // Another browser with the same answer: no flow cookie there, and the code is spent.
  const other = await browser.newContext();
  const replay = await other.newPage();
  await replay.goto(callback);
  await expect(replay.getByRole('alert').filter({ hasText: vippsTexts.failed })).toBeVisible({ timeout: 30_000 });
  await replay.goto('/');
  await expect(replay.getByRole('link', { name: nav.login })).toBeVisible();
  await other.close();

  // This browser again: its flow was read once and cleared.
  await page.goto(callback);
  await expect(page.getByRole('alert').filter({ hasText: vippsTexts.failed })).toBeVisible({ timeout: 30_000 });
});
