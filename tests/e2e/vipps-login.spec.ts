import { expect, test } from '@playwright/test';
import { nav } from '@bedriftstorget/core/texts/nb';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import { chooseAtVipps, failNextAtVipps } from './vipps-support';

test.describe('the Vipps callback refuses in the browser', () => {
  test.describe.configure({ timeout: 60_000 });
  for (const fault of ['expired', 'audience', 'nonce', 'issuer', 'signature']) {
    test(`an ID token with a fault: ${fault}`, async ({ page }) => {
      await page.goto('/auth?mode=login');
      await page.getByRole('link', { name: vippsTexts.login }).click();
      await failNextAtVipps(fault);
      await chooseAtVipps(page, /Jonas Dahl/);
      await expect(page.getByRole('alert').filter({ hasText: vippsTexts.failed })).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('link', { name: nav.login })).toBeVisible();
    });
  }
});
