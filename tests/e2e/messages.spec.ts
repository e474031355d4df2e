import { expect, test, type Browser, type BrowserContext, type Page, type Response, type Route } from '@playwright/test';
import { createSessionConnection } from '@bedriftstorget/api/db/session';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { contactDialog, inbox, inquiryTexts, messageMail, messageTexts } from '@bedriftstorget/core/texts/messages';
import { auth as authTexts, common, nav } from '@bedriftstorget/core/texts/nb';
import { E2E } from './env';
import { contactSellerBy, latestMail, signOut, signUp, signUpAndConfirm, uniqueEmail } from './helpers';

/** Direct SQL against the test app's database: listings come from the seller issue's wizard, names from the profile page. */
async function query<T>(statement: string, params: unknown[] = []): Promise<T[]> {
  const connection = await createSessionConnection(E2E.databaseUrl);
  try {
    const [rows] = await connection.query(statement, params);
    return rows as T[];
  } finally {
    await connection.end();
  }
}

async function setFullName(email: string, fullName: string): Promise<void> {
  await query('UPDATE profiles p JOIN users u ON u.id = p.id SET p.full_name = ? WHERE u.email = ?', [fullName, email]);
}

async function messagesFrom(email: string) {
  return query<{ message_text: string; read: number }>(
    'SELECT m.message_text, m.read FROM messages m JOIN users u ON u.id = m.sender_id WHERE u.email = ? ORDER BY m.created_at',
    [email],
  );
}

const isRealtime = (response: Response) => new URL(response.url()).pathname === '/realtime';

interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
}

/** A signed-in person in their own browser context, with the live stream open. */
async function person(browser: Browser, fullName: string | null): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const stream = page.waitForResponse(isRealtime);
  const { email } = await signUpAndConfirm(page, uniqueEmail('msg'));
  if (fullName) await setFullName(email, fullName);
  await stream;
  return { context, page, email };
}

/** An active listing owned by `email`. */
async function listingOf(email: string, title: string): Promise<string> {
  const id = crypto.randomUUID();
  await query(
    `INSERT INTO listings (id, owner_id, title, industry, location, description, price, status, published_at)
     SELECT ?, u.id, ?, 'services', 'Oslo', ?, 2500000, 'active', NOW(3) FROM users u WHERE u.email = ?`,
    [id, title, 'En veldrevet bedrift med faste kunder, gode rutiner og et godt rykte i nærmiljøet.', email],
  );
  return id;
}

const contactButton = (page: Page) => page.getByRole('button', { name: detail.contactSeller });
const contactForm = (page: Page) => page.getByRole('dialog', { name: contactDialog.title });
const messagesMenuItem = (page: Page) => page.getByRole('menuitem', { name: new RegExp(nav.messages) });

test('buyer and seller talk: the detail dialog, a live unread badge, Enter and Shift+Enter, read marking', async ({ browser }) => {
  // Two people, two sign-ups and a whole conversation: more than the default 30 s on a slow machine.
  test.setTimeout(60_000);
  const seller = await person(browser, 'Kari Selger');
  const buyer = await person(browser, 'Berit Kjøper');
  const title = `Sykkelverksted ${crypto.randomUUID().slice(0, 6)}`;
  const listingId = await listingOf(seller.email, title);

  // The seller cannot message their own listing.
  await seller.page.goto(`/bedrift/${listingId}`);
  await expect(contactButton(seller.page)).toBeDisabled();
  await expect(seller.page.getByText(contactDialog.ownListing)).toBeVisible();
  const sellerStream = seller.page.waitForResponse(isRealtime);
  await seller.page.goto('/');
  await sellerStream;
  await seller.page.getByRole('button', { name: nav.myAccount }).click();
  await expect(messagesMenuItem(seller.page)).toBeVisible();
  await expect(messagesMenuItem(seller.page).getByTestId('count-badge')).toHaveCount(0);

  // The buyer writes from the detail page: counter, disabled under 10, 'Ugyldig melding' over 1000.
  await buyer.page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(buyer.page, detail.sendMessage);
  const form = contactForm(buyer.page);
  const send = form.getByRole('button', { name: contactDialog.send });
  await form.getByLabel(contactDialog.label).fill('  Hei der  ');
  await expect(form.getByText(messageTexts.counter(7))).toBeVisible();
  await expect(send).toBeDisabled();
  await form.getByLabel(contactDialog.label).fill('x'.repeat(1001));
  await send.click();
  await expect(buyer.page.getByText(messageTexts.invalid)).toBeVisible();
  await expect(buyer.page.getByText(messageTexts.tooLong)).toBeVisible();
  await form.getByLabel(contactDialog.label).fill('Hei! Er verkstedet fortsatt til salgs?');
  await send.click();
  await expect(buyer.page.getByText(contactDialog.sentTitle)).toBeVisible();
  await expect(buyer.page.getByText(contactDialog.sentText)).toBeVisible();
  await expect(form).toBeHidden();
  await contactSellerBy(buyer.page, detail.sendMessage);
  await expect(contactForm(buyer.page).getByLabel(contactDialog.label)).toHaveValue('');
  await buyer.page.keyboard.press('Escape');

  // The seller's badge rises while the menu is open, without a reload.
  await expect(messagesMenuItem(seller.page).getByTestId('count-badge')).toHaveText('1');
  await messagesMenuItem(seller.page).click();
  await expect(seller.page).toHaveURL(/\/meldinger$/);
  const sellerItem = seller.page.getByRole('button', { name: /Berit Kjøper/ });
  await expect(sellerItem).toContainText(title);
  await expect(sellerItem).toContainText('Hei! Er verkstedet fortsatt til salgs?');
  await expect(sellerItem.getByTestId('unread-mark')).toHaveText('1');

  // Opening the conversation marks it read.
  await sellerItem.click();
  const sellerThread = seller.page.getByRole('list', { name: `${inbox.title}: Berit Kjøper` });
  await expect(sellerThread.getByText('Hei! Er verkstedet fortsatt til salgs?')).toBeVisible();
  await expect(sellerItem.getByTestId('unread-mark')).toHaveCount(0);
  await expect.poll(async () => (await messagesFrom(buyer.email)).map((m) => m.read)).toEqual([1]);

  // Shift+Enter is a newline, Enter sends.
  const composer = seller.page.getByLabel(inbox.composerLabel);
  await composer.click();
  await seller.page.keyboard.type('Takk for meldingen!');
  await seller.page.keyboard.press('Shift+Enter');
  await seller.page.keyboard.type('Hilsen Kari');
  await expect(composer).toHaveValue('Takk for meldingen!\nHilsen Kari');
  await expect(sellerThread.locator('li[data-from-me="true"]')).toHaveCount(0);
  await seller.page.keyboard.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(sellerThread.locator('li[data-from-me="true"] p')).toHaveText(['Takk for meldingen!\nHilsen Kari']);
  expect((await messagesFrom(seller.email)).map((m) => m.message_text)).toEqual(['Takk for meldingen!\nHilsen Kari']);

  // The buyer's badge rises live; opening the conversation shows 'Lest' to the seller, live.
  await buyer.page.getByRole('button', { name: nav.myAccount }).click();
  await expect(messagesMenuItem(buyer.page).getByTestId('count-badge')).toHaveText('1');
  await messagesMenuItem(buyer.page).click();
  await buyer.page.getByRole('button', { name: /Kari Selger/ }).click();
  const buyerThread = buyer.page.getByRole('list', { name: `${inbox.title}: Kari Selger` });
  await expect(buyerThread.locator('li[data-from-me="false"] p')).toHaveText(['Takk for meldingen!\nHilsen Kari']);
  await expect(sellerThread.getByText(inbox.read)).toBeVisible();

  // A message into an open conversation arrives live and is read at once.
  await buyer.page.getByLabel(inbox.composerLabel).fill('Når kan vi møtes?');
  await buyer.page.getByLabel(inbox.composerLabel).press('Enter');
  await expect(sellerThread.getByText('Når kan vi møtes?')).toBeVisible();
  await expect(seller.page.getByRole('button', { name: /Berit Kjøper/ })).toContainText('Når kan vi møtes?');
  await expect.poll(async () => (await messagesFrom(buyer.email)).map((m) => m.read)).toEqual([1, 1]);

  // Empty is refused with the product's text ('Meldingen kan ikke være tom'); the way back leaves the inbox.
  await seller.page.getByLabel(inbox.composerLabel).press('Enter');
  await expect(seller.page.getByText(messageTexts.empty)).toBeVisible();
  await seller.page.getByRole('button', { name: inbox.back }).click();
  await expect(seller.page).toHaveURL(/\/$/);
  await seller.context.close();
  await buyer.context.close();
});

test('a listing not yet public: its owner sees it with the note (listing.viewer), another user the not-found page', async ({ browser }) => {
  const seller = await person(browser, 'Ola Eier');
  const other = await person(browser, null);
  const title = `Blomsterbutikk ${crypto.randomUUID().slice(0, 6)}`;
  const id = await listingOf(seller.email, title);
  await query("UPDATE listings SET status = 'pending' WHERE id = ?", [id]);
  await seller.page.goto(`/bedrift/${id}`);
  await expect(seller.page.getByRole('heading', { name: title })).toBeVisible();
  await expect(seller.page.getByText(detail.notPublicNote)).toBeVisible();
  await expect(seller.page.getByText(contactDialog.ownListing)).toBeVisible();
  await other.page.goto(`/bedrift/${id}`);
  await expect(other.page.getByRole('heading', { name: detail.notFoundTitle })).toBeVisible();
  await seller.context.close();
  await other.context.close();
});

test('a visitor’s message is sent automatically after login, exactly once, even with two tabs open', async ({ browser, page, context }) => {
  test.setTimeout(60_000);
  const seller = await person(browser, null);
  const listingId = await listingOf(seller.email, `Blomsterbutikk ${crypto.randomUUID().slice(0, 6)}`);
  const { email, password } = await signUpAndConfirm(page, uniqueEmail('besok'));
  await signOut(page);

  await page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(page, detail.sendMessage);
  await contactForm(page).getByLabel(contactDialog.label).fill('Hei, jeg vil gjerne vite mer om butikken.');
  await contactForm(page).getByRole('button', { name: contactDialog.send }).click();
  const loginView = page.getByRole('dialog', { name: contactDialog.loginTitle });
  await expect(loginView.getByText(contactDialog.loginText)).toBeVisible();
  // Cancelled and opened again: the text is still there.
  await loginView.getByRole('button', { name: common.cancel }).click();
  await contactSellerBy(page, detail.sendMessage);
  await expect(contactForm(page).getByLabel(contactDialog.label)).toHaveValue('Hei, jeg vil gjerne vite mer om butikken.');
  await contactForm(page).getByRole('button', { name: contactDialog.send }).click();
  await loginView.getByRole('link', { name: contactDialog.toLogin }).click();
  await expect(page).toHaveURL(/\/auth\?mode=login&next=%2Fbedrift%2F/);

  // A second tab of the same browser is open on another page while the first signs in.
  const second = await context.newPage();
  await second.goto('/alle-annonser');
  await page.getByLabel(authTexts.email).fill(email);
  await page.getByLabel(authTexts.password).fill(password);
  await page.getByRole('button', { name: authTexts.loginButton }).click();
  // The second tab loads signed in while the first sends the waiting message (before the sign-in's
  // answer it would load as a visitor, which sends nothing and proves nothing).
  await expect(page).toHaveURL(new RegExp(`/bedrift/${listingId}$`));
  await second.reload();
  await expect(page.getByText(contactDialog.sentTitle)).toBeVisible();
  await expect(second.getByRole('button', { name: nav.myAccount })).toBeVisible();

  await expect.poll(async () => (await messagesFrom(email)).map((m) => m.message_text)).toEqual(['Hei, jeg vil gjerne vite mer om butikken.']);
  expect(await page.evaluate(() => window.localStorage.getItem('pending_message'))).toBeNull();
  // Later page loads send nothing more.
  await page.reload();
  await second.reload();
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();
  expect(await messagesFrom(email)).toHaveLength(1);
  await expect(page.getByText(contactDialog.sentTitle)).toHaveCount(0);
  await seller.context.close();
});

test('a visitor who signs up sends the kept message after confirming the e-mail', async ({ browser, page }) => {
  const seller = await person(browser, null);
  const title = `Bakeri ${crypto.randomUUID().slice(0, 6)}`;
  const listingId = await listingOf(seller.email, title);
  await page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(page, detail.sendMessage);
  await contactForm(page).getByLabel(contactDialog.label).fill('Hei! Hvor mange ansatte har bakeriet?');
  await contactForm(page).getByRole('button', { name: contactDialog.send }).click();
  await page.getByRole('link', { name: contactDialog.toSignup }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&next=%2Fbedrift%2F/);

  const email = uniqueEmail('ny');
  await signUp(page, email, 'hemmelig1');
  const mail = await latestMail(email);
  await page.goto(mail.links[0]!);
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();
  await expect(page.getByText(contactDialog.sentTitle)).toBeVisible();
  await expect.poll(async () => (await messagesFrom(email)).map((m) => m.message_text)).toEqual(['Hei! Hvor mange ansatte har bakeriet?']);

  // The seller is told by e-mail, with a link to the inbox.
  const notice = await latestMail(seller.email, messageMail.messageSubject(title));
  expect(notice.links).toEqual([`${E2E.appUrl}/meldinger`]);
  await seller.context.close();
});

test('an inquiry: prefilled and locked name and e-mail, a required message, the lead counted; visitors must sign in', async ({ browser, page }) => {
  const seller = await person(browser, null);
  const title = `Regnskapsbyrå ${crypto.randomUUID().slice(0, 6)}`;
  const listingId = await listingOf(seller.email, title);

  await page.goto('/meldinger');
  await expect(page).toHaveURL(/\/auth\?mode=login&next=%2Fmeldinger$/);
  await page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(page, inquiryTexts.open);
  const visitorForm = page.getByRole('dialog', { name: inquiryTexts.title });
  await visitorForm.getByLabel(inquiryTexts.message).fill('Hei!');
  await visitorForm.getByRole('button', { name: inquiryTexts.send }).click();
  await expect(page.getByText(inquiryTexts.loginTitle)).toBeVisible();
  await expect(page.getByText(inquiryTexts.loginText)).toBeVisible();

  const { email } = await signUpAndConfirm(page, uniqueEmail('lead'));
  await setFullName(email, 'Lise Leadsen');
  await page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(page, inquiryTexts.open);
  const form = page.getByRole('dialog', { name: inquiryTexts.title });
  await expect(form.getByLabel(inquiryTexts.name)).toHaveValue('Lise Leadsen');
  await expect(form.getByLabel(inquiryTexts.name)).toBeDisabled();
  await expect(form.getByLabel(inquiryTexts.email)).toHaveValue(email);
  await expect(form.getByLabel(inquiryTexts.email)).toBeDisabled();
  await expect(form.getByLabel(inquiryTexts.message)).toHaveValue('');
  await form.getByLabel(inquiryTexts.message).fill('   ');
  await form.getByRole('button', { name: inquiryTexts.send }).click();
  await expect(form.getByRole('alert')).toHaveText(inquiryTexts.messageRequired);
  await form.getByLabel(inquiryTexts.message).fill('Kan jeg få se regnskapet for 2023 og 2024?');
  const down = (url: URL) => url.pathname.includes('message.sendInquiry');
  await page.route(down, (route) => route.abort());
  await form.getByRole('button', { name: inquiryTexts.send }).click();
  await expect(page.getByText(inquiryTexts.failedTitle)).toBeVisible();
  await expect(page.getByText(inquiryTexts.failedText)).toBeVisible();
  await page.unroute(down);
  await form.getByRole('button', { name: inquiryTexts.send }).click();
  await expect(page.getByText(inquiryTexts.sentTitle)).toBeVisible();
  await expect(page.getByText(inquiryTexts.sentText)).toBeVisible();
  await expect(form).toBeHidden();

  const leads = await query<{ buyer_name: string; buyer_email: string; message: string }>('SELECT buyer_name, buyer_email, message FROM leads WHERE listing_id = ?', [listingId]);
  expect(leads).toEqual([{ buyer_name: 'Lise Leadsen', buyer_email: email, message: 'Kan jeg få se regnskapet for 2023 og 2024?' }]);
  const [listing] = await query<{ leads_count: number }>('SELECT leads_count FROM listings WHERE id = ?', [listingId]);
  expect(listing?.leads_count).toBe(1);
  const mail = await latestMail(seller.email, messageMail.leadSubject(title));
  expect(mail.text).toContain('Lise Leadsen');
  expect(mail.links).toEqual([`${E2E.appUrl}/meldinger`]);

  // An inquiry is not a conversation: this buyer's inbox is still empty.
  await page.goto('/meldinger');
  await expect(page.getByRole('heading', { name: inbox.emptyTitle })).toBeVisible();
  await seller.context.close();
});

/** The request reaches the server, but the answer is lost on the way back (a dropped connection). */
const loseAnswer = (procedure: string) => ({
  match: (url: URL) => url.pathname.includes(procedure),
  handler: async (route: Route) => {
    await route.fetch();
    await route.abort('connectionreset');
  },
});

test('a send whose answer is lost says so, keeps the text, and the retry stays one message', async ({ browser }) => {
  test.setTimeout(60_000);
  const seller = await person(browser, 'Kari Selger');
  const buyer = await person(browser, 'Berit Kjøper');
  const listingId = await listingOf(seller.email, `Frisør ${crypto.randomUUID().slice(0, 6)}`);

  await buyer.page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(buyer.page, detail.sendMessage);
  const form = contactForm(buyer.page);
  await form.getByLabel(contactDialog.label).fill('Hei! Er salongen fortsatt til salgs?');
  const lost = loseAnswer('message.contactSeller');
  await buyer.page.route(lost.match, lost.handler);
  await form.getByRole('button', { name: contactDialog.send }).click();
  await expect(buyer.page.getByText(contactDialog.failedTitle)).toBeVisible();
  await expect(buyer.page.getByText(contactDialog.failedText)).toBeVisible();
  await expect(form.getByLabel(contactDialog.label)).toHaveValue('Hei! Er salongen fortsatt til salgs?');
  await buyer.page.unroute(lost.match, lost.handler);
  await form.getByRole('button', { name: contactDialog.send }).click();
  await expect(buyer.page.getByText(contactDialog.sentTitle)).toBeVisible();
  expect((await messagesFrom(buyer.email)).map((m) => m.message_text)).toEqual(['Hei! Er salongen fortsatt til salgs?']);

  await seller.page.goto('/meldinger');
  await seller.page.getByRole('button', { name: /Berit Kjøper/ }).click();
  const lostReply = loseAnswer('message.reply');
  await seller.page.route(lostReply.match, lostReply.handler);
  const composer = seller.page.getByLabel(inbox.composerLabel);
  await composer.fill('Ja, den er det.');
  await composer.press('Enter');
  await expect(seller.page.getByText(messageTexts.sendFailed)).toBeVisible();
  await expect(composer).toHaveValue('Ja, den er det.');
  await seller.page.unroute(lostReply.match, lostReply.handler);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  const thread = seller.page.getByRole('list', { name: `${inbox.title}: Berit Kjøper` });
  await expect(thread.locator('li[data-from-me="true"] p')).toHaveText(['Ja, den er det.']);
  expect((await messagesFrom(seller.email)).map((m) => m.message_text)).toEqual(['Ja, den er det.']);
  await seller.context.close();
  await buyer.context.close();
});

test('on a phone: the drawer’s unread badge reads 9+ above 9, and the inbox shows list or conversation', async ({ browser }) => {
  const seller = await person(browser, 'Kari Selger');
  const buyer = await person(browser, 'Berit Kjøper');
  const listingId = await listingOf(seller.email, `Kafé ${crypto.randomUUID().slice(0, 6)}`);
  await buyer.page.goto(`/bedrift/${listingId}`);
  await contactSellerBy(buyer.page, detail.sendMessage);
  await contactForm(buyer.page).getByLabel(contactDialog.label).fill('Hei! Første melding om kafeen.');
  await contactForm(buyer.page).getByRole('button', { name: contactDialog.send }).click();
  await expect(buyer.page.getByText(contactDialog.sentTitle)).toBeVisible();
  const [seller_] = await query<{ id: string }>('SELECT id FROM users WHERE email = ?', [seller.email]);
  // Nine more, as the buyer's browser would send them.
  for (let i = 2; i <= 10; i += 1) {
    const response = await buyer.context.request.post('/trpc/message.reply', {
      headers: { origin: E2E.appUrl },
      data: { listingId, counterpartId: seller_!.id, text: `Melding ${i}`, clientMessageId: crypto.randomUUID() },
    });
    expect(response.ok()).toBe(true);
  }

  await seller.page.setViewportSize({ width: 390, height: 844 });
  await seller.page.goto('/');
  await seller.page.getByRole('button', { name: nav.openMenu }).click();
  // Named by its count, like the header's envelope.
  const drawerLink = seller.page.getByRole('dialog').getByRole('link', { name: nav.unreadMessages(10), exact: true });
  await expect(drawerLink.getByTestId('count-badge')).toHaveText('9+');
  await drawerLink.click();

  const list = seller.page.getByRole('region', { name: inbox.listLabel });
  await expect(list).toBeVisible();
  await seller.page.getByRole('button', { name: /Berit Kjøper/ }).click();
  await expect(list).toBeHidden();
  await expect(seller.page.getByRole('list', { name: `${inbox.title}: Berit Kjøper` }).getByText('Melding 10')).toBeVisible();
  await seller.page.getByRole('button', { name: inbox.backToList }).click();
  await expect(list).toBeVisible();
  await expect(seller.page.getByTestId('unread-mark')).toHaveCount(0);
  await seller.context.close();
  await buyer.context.close();
});
