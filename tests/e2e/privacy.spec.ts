import { expect, test } from '@playwright/test';
import { expiry } from '@bedriftstorget/core/texts/lifecycle';
import { auth as texts, nav } from '@bedriftstorget/core/texts/nb';
import { consent, NDA_RETENTION, privacyPage } from '@bedriftstorget/core/texts/privacy';
import { E2E } from './env';
import { latestMail, uniqueEmail } from './helpers';

/** Consent at sign-up and the Personvern page (decision 089), in a real browser. */
test('sign-up asks for consent: refused unticked with the text once, the link opens Personvern, ticked it goes through', async ({ page, context }) => {
  const email = uniqueEmail('samtykke');
  await page.goto('/auth?mode=signup');
  const box = page.getByRole('checkbox', { name: consent.label, exact: true });
  await expect(box).not.toBeChecked();
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password).fill('hemmelig1');
  await page.getByRole('button', { name: texts.signupButton }).click();
  await expect(page.getByText(consent.required)).toHaveCount(1);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(texts.signedUp)).toHaveCount(0);

  // The link beside the box opens Personvern in a new tab; the form keeps what was typed.
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: consent.readLink }).click()]);
  await expect(tab).toHaveURL(/\/personvern$/);
  await expect(tab.getByRole('heading', { level: 1, name: privacyPage.title })).toBeVisible();
  await tab.close();
  await expect(page.getByLabel(texts.email)).toHaveValue(email);

  await box.check();
  await page.getByRole('button', { name: texts.signupButton }).click();
  await expect(page.getByText(texts.signedUp).first()).toBeVisible();
  expect((await latestMail(email)).to).toBe(email);
});

test('Personvern: linked from the footer; what is stored, why, how long, the rights, and the configured contact', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: nav.footerMenu }).getByRole('link', { name: nav.privacy }).click();
  await expect(page).toHaveURL(/\/personvern$/);
  await expect(page.getByRole('heading', { level: 1, name: privacyPage.title })).toBeVisible();
  for (const title of [privacyPage.storedTitle, privacyPage.whyTitle, privacyPage.howLongTitle, privacyPage.rightsTitle, privacyPage.contactTitle, privacyPage.termsTitle]) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  }
  for (const right of ['Innsyn', 'Retting', 'Sletting', 'Dataportabilitet', 'Datatilsynet']) await expect(page.getByText(right).first()).toBeVisible();
  // An accepted Taushetserklæring outlives the account for two years (decision 100).
  await expect(page.getByText(NDA_RETENTION)).toBeVisible();
  const contact = page.getByRole('link', { name: E2E.serverEnv.PRIVACY_CONTACT_EMAIL });
  await expect(contact).toHaveAttribute('href', `mailto:${E2E.serverEnv.PRIVACY_CONTACT_EMAIL}`);
});

test('the Google consent step refuses an unticked box with the text once', async ({ page }) => {
  await page.goto('/auth?mode=google');
  await expect(page.getByRole('heading', { level: 1, name: consent.googleTitle })).toBeVisible();
  await expect(page.getByText(consent.googleText)).toBeVisible();
  await page.getByRole('button', { name: texts.google }).click();
  await expect(page.getByText(consent.required)).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: consent.label, exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('an invalid renew link says so once', async ({ page }) => {
  await page.goto(`/forny-annonse?token=${'x'.repeat(43)}`);
  await page.getByRole('button', { name: expiry.renew }).click();
  await expect(page.getByText(expiry.linkInvalid)).toHaveCount(1);
  await page.goto('/forny-annonse');
  await expect(page.getByText(expiry.linkInvalid)).toHaveCount(1);
});
