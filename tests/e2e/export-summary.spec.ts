import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { exportSummary } from '@bedriftstorget/core/texts/export-summary';
import { profile } from '@bedriftstorget/core/texts/seller';
import { closeE2eDb, insertListing } from './admin-fixtures';
import { signUpAndConfirm, uniqueEmail } from './helpers';

/**
 * 'Last ned mine data' (decisions 085 and 147): the download is one zip with data.json and
 * oversikt.html; the summary opens in the browser with its Norwegian headings, shows a hostile listing
 * title as text (no script runs), fits a phone's width, and axe has nothing to say about it.
 */
test.afterAll(closeE2eDb);

test('the export downloads as a zip whose oversikt.html reads in Norwegian', async ({ page, browser }) => {
  test.slow();
  const { email } = await signUpAndConfirm(page, uniqueEmail('mine-data'));
  const hostile = `<script>window.ran=1</script> Kiosk ${Date.now().toString(36)}`;
  // One long unbroken word, as a pasted address would be: the summary must wrap it on a phone.
  await insertListing(email, { title: hostile, status: 'archived', description: `Se https://${'k'.repeat(150)}.no` });

  await page.goto('/profil');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: profile.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(profile.downloadFile);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual(['data.json', 'oversikt.html']);
  const data = JSON.parse(strFromU8(files['data.json']!)) as { account: { email: string }; listings: { title: string }[] };
  expect(data.account.email).toBe(email);
  expect(data.listings.map((listing) => listing.title)).toEqual([hostile]);

  // Read on a phone: nothing wider than the screen (long addresses wrap).
  const reader = await (await browser.newContext({ viewport: { width: 393, height: 851 }, isMobile: true })).newPage();
  await reader.setContent(strFromU8(files['oversikt.html']!));
  await expect(reader.getByRole('heading', { level: 1, name: exportSummary.title })).toBeVisible();
  const listingsSection = reader.locator('section').filter({ has: reader.getByRole('heading', { level: 2, name: exportSummary.sections.listings, exact: true }) });
  await expect(listingsSection).toContainText(hostile);
  await expect(reader.getByRole('heading', { level: 2, name: exportSummary.sections.account, exact: true })).toBeVisible();
  expect(await reader.evaluate(() => (window as unknown as { ran?: number }).ran)).toBeUndefined();
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(393);
  const axe = await new AxeBuilder({ page: reader }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  await reader.context().close();
});
