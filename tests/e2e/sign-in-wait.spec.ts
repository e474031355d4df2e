import { expect, test } from '@playwright/test';
import { auth as texts } from '@bedriftstorget/core/texts/nb';
import { SIGN_IN } from '@bedriftstorget/api/auth/sign-in-throttle';
import { E2E } from './env';
import { signOut, signUpAndConfirm } from './helpers';

/**
 * A buyer's words: after the free wrong passwords the login form says how long to wait, in seconds,
 * not only 'Vent litt'. The browser tests' server multiplies every limit (RATE_LIMIT_MULTIPLIER), so
 * all but the last free mistakes are sent as the form sends them; the last ones are typed.
 */
const MULTIPLIER = Number(E2E.serverEnv.RATE_LIMIT_MULTIPLIER);

test('wrong passwords past the free ones: the form says how many seconds to wait, and the right one works after', async ({ page }) => {
  const { email, password } = await signUpAndConfirm(page);
  await signOut(page);
  const free = SIGN_IN.freeFailures * MULTIPLIER;
  for (let i = 0; i < free - 1; i += 1) {
    const answer = await page.request.post('/trpc/auth.signIn', { headers: { origin: E2E.appUrl }, data: { email, password: 'feilpassord' } });
    expect(answer.status()).toBe(401);
  }
  await page.goto('/auth?mode=login');
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password).fill('feilpassord');
  await page.getByRole('button', { name: texts.loginButton }).click();
  await expect(page.getByText(/Vent \d+ sekund(er)?/).first()).toBeVisible();
  // Pressed again at once: still told the wait, in seconds.
  await page.getByRole('button', { name: texts.loginButton }).click();
  await expect(page.getByText(/^(For mange feil passord|Feil e-post eller passord)\. Vent \d+ sekund(er)? (og prøv igjen|før du prøver igjen)\.$/).first()).toBeVisible();
  // After the wait, the right password signs in.
  await page.waitForTimeout(2_500);
  await page.getByLabel(texts.password).fill(password);
  await page.getByRole('button', { name: texts.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
});
