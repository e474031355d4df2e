import { eq, sql } from 'drizzle-orm';
import { expect, test, type Page } from '@playwright/test';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { overview } from '@bedriftstorget/core/texts/admin';
import { admin, auth } from '@bedriftstorget/core/texts/nb';
import { closeE2eDb, DEMO_ADMIN, DEMO_SELLER_EMAIL, daysAgo, e2eDb, insertListing, listingStatus } from './admin-fixtures';

test.afterAll(closeE2eDb);

/**
 * Decision 106 in the browser: staff open the queue, the seller saves a new text before staff click
 * 'Godkjenn' (here written as the seller's save writes it, behind the screen's back: its live notice
 * has not arrived). The click publishes nothing: a Norwegian conflict, the row shows the new text
 * marked 'Ny versjon', and the next click approves what staff now see.
 */
const word = () => `ver${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const row = (page: Page, text: string) => page.getByRole('table', { name: overview.queueTitle }).getByRole('row').filter({ hasText: text });

test('approving a listing the seller changed after the queue was opened publishes nothing and shows the new version', async ({ page }) => {
  const w = word();
  // The queue shows the ten oldest: an old submission keeps this one on it whatever else waits.
  const id = await insertListing(DEMO_SELLER_EMAIL, { title: `Sett av staff ${w}`, status: 'pending', createdAt: daysAgo(250) });

  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/admin/pending');
  await expect(page.getByText(admin.panel, { exact: true })).toBeVisible();
  await expect(row(page, `Sett av staff ${w}`)).toBeVisible();

  // The seller saves again: a new text and a new version.
  await e2eDb().update(listings).set({ title: `Ny tekst fra selger ${w}`, contentVersion: sql`${listings.contentVersion} + 1` }).where(eq(listings.id, id));

  await row(page, `Sett av staff ${w}`).getByRole('button', { name: overview.approve }).click();
  const refused = toast(page, overview.approveFailed);
  await expect(refused).toBeVisible();
  await expect(refused).toContainText(overview.staleVersion([`Ny tekst fra selger ${w}`]));
  expect(await listingStatus(id)).toBe('pending');

  const fresh = row(page, `Ny tekst fra selger ${w}`);
  await expect(fresh).toBeVisible();
  await expect(fresh.getByText(overview.newVersion)).toBeVisible();
  await expect(row(page, `Sett av staff ${w}`)).toHaveCount(0);

  await fresh.getByRole('button', { name: overview.approve }).click();
  await expect(toast(page, overview.approved)).toBeVisible();
  await expect(fresh).toHaveCount(0);
  expect(await listingStatus(id)).toBe('active');
  const [published] = await e2eDb().select({ title: listings.title }).from(listings).where(eq(listings.id, id));
  expect(published?.title).toBe(`Ny tekst fra selger ${w}`);
});
