import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { expect, test, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { inbox, inquiryTexts } from '@bedriftstorget/core/texts/messages';
import { inquiryInbox, settingsTexts } from '@bedriftstorget/core/texts/numbers';
import { admin, auth } from '@bedriftstorget/core/texts/nb';
import { overview } from '@bedriftstorget/core/texts/admin';
import { closeE2eDb, DEMO_ADMIN, e2eDb, insertListing, userId } from './admin-fixtures';
import { contactSellerBy, signUpAndConfirm, uniqueEmail } from './helpers';

/** The back office's and the inbox's numbers in the browser: the overview follows the promise setting, 'Forespørsler', inbox paging. */
test.afterAll(closeE2eDb);

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('the overview names the promise hours from Innstillinger, not a fixed 24', async ({ page }) => {
  await page.goto('/auth?mode=login');
  await page.getByLabel(auth.email).fill(DEMO_ADMIN.email);
  await page.getByLabel(auth.password).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: auth.loginButton }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  try {
    await page.goto('/admin/innstillinger');
    await page.getByLabel(settingsTexts.fields.reviewPromiseHours).fill('36');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await expect(toast(page, settingsTexts.saved)).toBeVisible();
    await page.getByRole('link', { name: admin.dashboard }).click();
    await expect(page.locator('[data-stat="overdue"] dt')).toHaveText(overview.stats.overdue(36));
    await expect(page.getByText(overview.queueIntro(36))).toBeVisible();
    await expect(page.getByText('24 timer')).toHaveCount(0);
  } finally {
    // The other specs expect the default.
    await e2eDb().update(appSettings).set({ reviewPromiseHours: DEFAULT_SETTINGS.reviewPromiseHours }).where(eq(appSettings.id, 1));
  }
});

test("'Forespørsler' in /meldinger: the seller sees an inquiry about their listing with the buyer's details", async ({ browser, page }) => {
  const seller = await signUpAndConfirm(page, uniqueEmail('selger'));
  const title = `Takstfirma ${crypto.randomUUID().slice(0, 6)}`;
  const listingId = await insertListing(seller.email, { title, status: 'active' });

  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  const buyer = await signUpAndConfirm(buyerPage, uniqueEmail('kjoper'));
  await buyerPage.goto(`/bedrift/${listingId}`);
  await contactSellerBy(buyerPage, inquiryTexts.open);
  const form = buyerPage.getByRole('dialog', { name: inquiryTexts.title });
  await form.getByLabel(inquiryTexts.message).fill('Hvor mange oppdrag hadde dere i fjor?');
  // A profile without a name is asked for one.
  await form.getByLabel(inquiryTexts.name).fill('Kari Kjøper');
  await form.getByRole('button', { name: inquiryTexts.send }).click();
  await expect(buyerPage.getByText(inquiryTexts.sentTitle)).toBeVisible();
  await buyerContext.close();

  await page.goto('/meldinger');
  await page.getByRole('button', { name: inquiryInbox.inquiries }).click();
  const list = page.getByRole('list', { name: inquiryInbox.inquiries });
  const item = list.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(inquiryInbox.about(title));
  await expect(item).toContainText('Kari Kjøper');
  await expect(item.getByRole('link', { name: buyer.email })).toHaveAttribute('href', `mailto:${buyer.email}`);
  await expect(item).toContainText('Hvor mange oppdrag hadde dere i fjor?');
});

test('the inbox pages: 60 conversations and a 120-message conversation load older ones on request, in order', async ({ page }) => {
  const me = await signUpAndConfirm(page, uniqueEmail('innboks'));
  const myId = await userId(me.email);
  const others = Array.from({ length: 60 }, () => crypto.randomUUID());
  await e2eDb().insert(users).values(others.map((id) => ({ id, email: `motpart-${id.slice(0, 8)}@example.no` })));
  const base = Date.now() - 86_400_000;
  // Conversation i's last message is i minutes after base: the newest is 59, the oldest 0.
  await e2eDb().insert(messages).values(others.map((senderId, i) => ({ senderId, receiverId: myId, listingId: null, messageText: `Samtale nr ${i}`, read: true, createdAt: new Date(base + i * 60_000) })));
  // The newest conversation gets 120 more messages (121 in all).
  await e2eDb().insert(messages).values(Array.from({ length: 120 }, (_, i) => ({ senderId: others[59]!, receiverId: myId, listingId: null, messageText: `Melding nr ${i}`, read: true, createdAt: new Date(base + 59 * 60_000 + 1000 + i) })));

  await page.goto('/meldinger');
  const conversations = page.getByRole('region', { name: inbox.listLabel }).getByRole('listitem');
  await expect(conversations).toHaveCount(50);
  await expect(page.getByText('Samtale nr 0', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: inbox.olderConversations }).click();
  await expect(conversations).toHaveCount(60);
  await expect(page.getByText('Samtale nr 0', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: inbox.olderConversations })).toHaveCount(0);

  await conversations.first().getByRole('button').click();
  const thread = page.getByRole('list', { name: /^Meldinger: / });
  const bubbles = thread.locator('li[data-from-me]');
  await expect(bubbles).toHaveCount(100);
  await expect(bubbles.first()).toContainText('Melding nr 20');
  await expect(bubbles.last()).toContainText('Melding nr 119');
  await page.getByRole('button', { name: inbox.olderMessages }).click();
  // 121: the conversation also holds its first message, 'Samtale nr 59', older than the 120.
  await expect(bubbles).toHaveCount(121);
  await expect(bubbles.first()).toContainText('Samtale nr 59');
  await expect(bubbles.nth(1)).toContainText('Melding nr 0');
  await expect(bubbles.nth(21)).toContainText('Melding nr 20');
  await expect(page.getByRole('button', { name: inbox.olderMessages })).toHaveCount(0);
});
