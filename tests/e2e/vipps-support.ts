import { expect, type Page } from '@playwright/test';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { E2E } from './env';

/** At the local Vipps (infra/local/vipps): the test person's button, then 'Bekreft' when it asks to share. */
export async function chooseAtVipps(page: Page, person: RegExp) {
  await expect(page).toHaveURL(new RegExp(`^${E2E.vippsUrl}`));
  await page.getByRole('button', { name: person }).click();
  // Vipps asks to share only the first time in this browser: wait for either its 'Bekreft' or the app
  // (isVisible does not wait, so a slow page was taken for no question and the test stalled there).
  const confirm = page.getByRole('button', { name: 'Bekreft' });
  await expect(confirm.or(page.locator('#innhold'))).toBeVisible({ timeout: 30_000 });
  if (await confirm.isVisible()) await confirm.click();
}

/** 'Logg inn med Vipps' on /auth, then the person at Vipps. */
export async function loginWithVipps(page: Page, person: RegExp) {
  await page.goto('/auth?mode=login');
  await page.getByRole('link', { name: vippsTexts.login }).click();
  await chooseAtVipps(page, person);
}

/** The local Vipps's test control: its next ID token has this fault (expired, audience, nonce, issuer, signature). */
export async function failNextAtVipps(fault: string) {
  const response = await fetch(`${E2E.vippsUrl}/_test/neste-feil`, { method: 'POST', body: new URLSearchParams({ feil: fault }) });
  expect(response.status).toBe(204);
}
