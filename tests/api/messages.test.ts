import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suppressAddress } from '@bedriftstorget/api/mail/suppression';
import { userChannel } from '@bedriftstorget/api/realtime/channels';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { inquiryTexts, messageTexts } from '@bedriftstorget/core/texts/messages';
import { createHarness, db, signedInUser, type Harness } from './harness';
import { createListing } from './fixtures';

const hello = 'Hei! Er bedriften fortsatt til salgs?';
const newId = (): string => crypto.randomUUID();

/** A seller with a public listing and a buyer who has not written yet. */
async function scene(h: Harness, listing: Parameters<typeof createListing>[1] = {}) {
  const seller = await signedInUser(h);
  const buyer = await signedInUser(h);
  const listingId = await createListing(seller.userId, { title: 'Frisørsalong på Grünerløkka', ...listing });
  return { seller, buyer, listingId };
}

async function contact(h: Harness, s: Awaited<ReturnType<typeof scene>>, text = hello, clientMessageId = newId()) {
  return s.buyer.browser.call((c) => c.message.contactSeller({ listingId: s.listingId, text, clientMessageId }));
}

/** Mails about messages and inquiries (the sign-up mail is not one of them). */
function inboxMails(h: Harness, email: string) {
  return h.mailer.to(email).filter((mail) => mail.links.some((link) => link.endsWith('/meldinger')));
}

async function stored(senderId: string) {
  return db.select().from(messages).where(eq(messages.senderId, senderId));
}

describe('contacting a seller', () => {
  it('sends to the listing’s owner; both see one conversation, only the seller has it unread until opened', async () => {
    const h = createHarness();
    const s = await scene(h);
    await db.update(profiles).set({ fullName: 'Berit Kjøper' }).where(eq(profiles.id, s.buyer.userId));
    const sent = await contact(h, s, `   ${hello}  `);
    expect(sent.conversation).toEqual({ listingId: s.listingId, counterpartId: s.seller.userId });
    expect(sent.message).toMatchObject({ text: hello, fromMe: true, read: false });

    const sellerList = await s.seller.browser.call((c) => c.message.conversations().then((page) => page.items));
    expect(sellerList).toEqual([
      expect.objectContaining({ listingId: s.listingId, counterpartId: s.buyer.userId, listingTitle: 'Frisørsalong på Grünerløkka', counterpartName: 'Berit Kjøper', unread: 1 }),
    ]);
    expect(sellerList[0]!.lastMessage).toMatchObject({ text: hello, fromMe: false });
    const buyerList = await s.buyer.browser.call((c) => c.message.conversations().then((page) => page.items));
    expect(buyerList).toEqual([expect.objectContaining({ counterpartId: s.seller.userId, counterpartName: s.seller.email.split('@')[0], unread: 0 })]);
    expect(await s.seller.browser.call((c) => c.message.unreadCount())).toBe(1);
    expect(await s.buyer.browser.call((c) => c.message.unreadCount())).toBe(0);

    const key = { listingId: s.listingId, counterpartId: s.buyer.userId };
    const thread = await s.seller.browser.call((c) => c.message.thread(key));
    expect(thread.listing).toMatchObject({ id: s.listingId, title: 'Frisørsalong på Grünerløkka', isPublic: true });
    expect(thread.counterpart).toEqual({ id: s.buyer.userId, name: 'Berit Kjøper', company: null, verified: false });
    expect(thread.messages.map((m) => [m.text, m.fromMe, m.read])).toEqual([[hello, false, false]]);

    expect(await s.seller.browser.call((c) => c.message.markRead(key))).toEqual({ marked: 1 });
    expect(await s.seller.browser.call((c) => c.message.unreadCount())).toBe(0);
    expect((await s.seller.browser.call((c) => c.message.conversations().then((page) => page.items)))[0]!.unread).toBe(0);
  });

  it('tells both people’s channels on send and on read, and nobody else', async () => {
    const h = createHarness();
    const s = await scene(h);
    const outsider = await signedInUser(h);
    const seen: Record<string, string[]> = { seller: [], buyer: [], outsider: [] };
    h.realtime.subscribe(userChannel(s.seller.userId), (e) => seen.seller!.push(e.type));
    h.realtime.subscribe(userChannel(s.buyer.userId), (e) => seen.buyer!.push(e.type));
    h.realtime.subscribe(userChannel(outsider.userId), (e) => seen.outsider!.push(e.type));
    await contact(h, s);
    expect(seen).toEqual({ seller: ['messages.changed'], buyer: ['messages.changed'], outsider: [] });
    await s.seller.browser.call((c) => c.message.markRead({ listingId: s.listingId, counterpartId: s.buyer.userId }));
    expect(seen).toEqual({ seller: ['messages.changed', 'messages.changed'], buyer: ['messages.changed', 'messages.changed'], outsider: [] });
  });

  it('refuses the owner’s own listing, a sold one and one that is not public', async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    const buyer = await signedInUser(h);
    const own = await createListing(seller.userId);
    const sold = await createListing(seller.userId, { status: 'sold' });
    const pending = await createListing(seller.userId, { status: 'pending' });
    const send = (browser: typeof seller.browser, listingId: string) =>
      browser.call((c) => c.message.contactSeller({ listingId, text: hello, clientMessageId: newId() }));
    await expect(send(seller.browser, own)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.ownListing });
    await expect(send(buyer.browser, sold)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.soldListing });
    await expect(send(buyer.browser, pending)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(send(buyer.browser, newId())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stored(seller.userId)).toEqual([]);
    expect(await stored(buyer.userId)).toEqual([]);
  });

  it('keeps the detail dialog’s limits: trimmed 10–1000 characters', async () => {
    const h = createHarness();
    const s = await scene(h);
    await expect(contact(h, s, '   123456789    ')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.tooShort });
    await expect(contact(h, s, 'x'.repeat(1001))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.tooLong });
    await expect(contact(h, s, 'Hei', 'ikke-en-uuid')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await stored(s.buyer.userId)).toEqual([]);
    await contact(h, s, ' 1234567890 ');
    await contact(h, s, `${'x'.repeat(1000)}   `);
    expect((await stored(s.buyer.userId)).map((m) => m.messageText.length).sort((a, b) => a - b)).toEqual([10, 1000]);
  });
});

describe('conversations', () => {
  it('replies go to the counterpart; a reply needs an earlier message between the two about the listing', async () => {
    const h = createHarness();
    const s = await scene(h);
    await contact(h, s);
    const reply = await s.seller.browser.call((c) =>
      c.message.reply({ listingId: s.listingId, counterpartId: s.buyer.userId, text: 'Ja, den er til salgs.\nRing meg gjerne.', clientMessageId: newId() }),
    );
    expect(reply).toMatchObject({ fromMe: true, text: 'Ja, den er til salgs.\nRing meg gjerne.' });
    expect(await s.buyer.browser.call((c) => c.message.unreadCount())).toBe(1);
    const thread = await s.buyer.browser.call((c) => c.message.thread({ listingId: s.listingId, counterpartId: s.seller.userId }));
    expect(thread.messages.map((m) => m.fromMe)).toEqual([true, false]);

    // No conversation with this person about another listing, or with a stranger, or with oneself.
    const other = await createListing(s.seller.userId);
    const stranger = await signedInUser(h);
    const tries = [
      { listingId: other, counterpartId: s.buyer.userId },
      { listingId: s.listingId, counterpartId: stranger.userId },
      { listingId: s.listingId, counterpartId: s.seller.userId },
      { listingId: null, counterpartId: s.buyer.userId },
    ];
    for (const key of tries) {
      await expect(s.seller.browser.call((c) => c.message.reply({ ...key, text: 'Hei', clientMessageId: newId() }))).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: messageTexts.conversationNotFound,
      });
    }
    expect(await stored(s.seller.userId)).toHaveLength(1);
  });

  it('keeps the conversation limits: trimmed 1–1000 characters', async () => {
    const h = createHarness();
    const s = await scene(h);
    await contact(h, s);
    const send = (text: string) => s.seller.browser.call((c) => c.message.reply({ listingId: s.listingId, counterpartId: s.buyer.userId, text, clientMessageId: newId() }));
    await expect(send('   \n  ')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.empty });
    await expect(send('x'.repeat(1001))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.tooLong });
    await send(' j ');
    await send('x'.repeat(1000));
    expect((await stored(s.seller.userId)).map((m) => m.messageText.length).sort((a, b) => a - b)).toEqual([1, 1000]);
  });

  it('nobody reads or marks another pair’s conversation', async () => {
    const h = createHarness();
    const s = await scene(h);
    const outsider = await signedInUser(h);
    await contact(h, s);
    await s.seller.browser.call((c) => c.message.reply({ listingId: s.listingId, counterpartId: s.buyer.userId, text: 'Hei tilbake', clientMessageId: newId() }));

    for (const counterpartId of [s.buyer.userId, s.seller.userId]) {
      const key = { listingId: s.listingId, counterpartId };
      await expect(outsider.browser.call((c) => c.message.thread(key))).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(await outsider.browser.call((c) => c.message.markRead(key))).toEqual({ marked: 0 });
    }
    expect(await outsider.browser.call((c) => c.message.conversations().then((page) => page.items))).toEqual([]);
    // Marking one's own side leaves what the other has not read.
    await s.buyer.browser.call((c) => c.message.markRead({ listingId: s.listingId, counterpartId: s.seller.userId }));
    expect(await s.seller.browser.call((c) => c.message.unreadCount())).toBe(1);
    expect(await s.buyer.browser.call((c) => c.message.unreadCount())).toBe(0);
  });

  it('lists one conversation per listing and person, newest activity first, and keeps them when a listing is deleted', async () => {
    const h = createHarness();
    const s = await scene(h);
    const second = await createListing(s.seller.userId, { title: 'Bakeri i Bergen' });
    const otherBuyer = await signedInUser(h);
    await contact(h, s);
    await s.buyer.browser.call((c) => c.message.contactSeller({ listingId: second, text: 'Hva koster varelageret?', clientMessageId: newId() }));
    await otherBuyer.browser.call((c) => c.message.contactSeller({ listingId: s.listingId, text: 'Er lokalet leid eller eid?', clientMessageId: newId() }));
    await contact(h, s, 'Og hvor mange ansatte er det?');

    const list = await s.seller.browser.call((c) => c.message.conversations().then((page) => page.items));
    expect(list.map((c) => [c.listingTitle, c.counterpartId, c.lastMessage.text, c.unread])).toEqual([
      ['Frisørsalong på Grünerløkka', s.buyer.userId, 'Og hvor mange ansatte er det?', 2],
      ['Frisørsalong på Grünerløkka', otherBuyer.userId, 'Er lokalet leid eller eid?', 1],
      ['Bakeri i Bergen', s.buyer.userId, 'Hva koster varelageret?', 1],
    ]);

    await db.delete(listings).where(eq(listings.id, s.listingId));
    const after = await s.buyer.browser.call((c) => c.message.conversations().then((page) => page.items));
    expect(after.map((c) => [c.listingId, c.listingTitle])).toEqual([[null, null], [second, 'Bakeri i Bergen']]);
    const key = { listingId: null, counterpartId: s.seller.userId };
    expect((await s.buyer.browser.call((c) => c.message.thread(key))).listing).toBeNull();
    await s.buyer.browser.call((c) => c.message.reply({ ...key, text: 'Har dere slettet annonsen?', clientMessageId: newId() }));
    expect(await s.seller.browser.call((c) => c.message.unreadCount())).toBe(5);
  });
});

describe('notifications', () => {
  it('mails the receiver for the first unread message of a conversation only, with a link to /meldinger', async () => {
    const h = createHarness();
    const s = await scene(h);
    await contact(h, s);
    await contact(h, s, 'En melding til om samme bedrift');
    const mails = inboxMails(h, s.seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Frisørsalong på Grünerløkka');
    expect(mails[0]!.text).toContain(hello);
    expect(mails[0]!.links).toEqual([`${h.config.appUrl}/meldinger`]);
    expect(mails[0]!.text).toContain(`${h.config.appUrl}/meldinger`);

    await s.seller.browser.call((c) => c.message.markRead({ listingId: s.listingId, counterpartId: s.buyer.userId }));
    await contact(h, s, 'Etter at du leste, en ny melding');
    expect(inboxMails(h, s.seller.email)).toHaveLength(2);
    // The other way round the buyer is told too, once.
    const key = { listingId: s.listingId, counterpartId: s.buyer.userId };
    await s.seller.browser.call((c) => c.message.reply({ ...key, text: 'Svar én', clientMessageId: newId() }));
    await s.seller.browser.call((c) => c.message.reply({ ...key, text: 'Svar to', clientMessageId: newId() }));
    expect(inboxMails(h, s.buyer.email)).toHaveLength(1);
  });

  it('a reply after the receiver read the conversation starts a new run and mails again; a suppressed address is never mailed, others are', async () => {
    const h = createHarness();
    const s = await scene(h);
    // Someone else's bounced address must not stop mail to this one (the check is per address).
    await suppressAddress(db, `annen-${newId().slice(0, 8)}@example.no`, 'bounce', null);
    await contact(h, s);
    const key = { listingId: s.listingId, counterpartId: s.buyer.userId };
    const reply = (text: string) => s.seller.browser.call((c) => c.message.reply({ ...key, text, clientMessageId: newId() }));
    await reply('Svar én');
    await reply('Svar to');
    expect(inboxMails(h, s.buyer.email)).toHaveLength(1);
    await s.buyer.browser.call((c) => c.message.markRead({ listingId: s.listingId, counterpartId: s.seller.userId }));
    await reply('Svar tre, etter at du leste');
    expect(inboxMails(h, s.buyer.email)).toHaveLength(2);

    await suppressAddress(db, s.buyer.email, 'complaint', null);
    await s.buyer.browser.call((c) => c.message.markRead({ listingId: s.listingId, counterpartId: s.seller.userId }));
    await reply('Svar fire, til en sperret adresse');
    expect(inboxMails(h, s.buyer.email)).toHaveLength(2);
  });
});

describe('inquiries', () => {
  it('creates a lead with the account’s name and e-mail, counts it on the listing and mails the seller', async () => {
    const h = createHarness();
    const s = await scene(h);
    // Without a name on the profile the form must give one (never 'Ukjent' to the seller); it is kept on the profile.
    await expect(s.buyer.browser.call((c) => c.message.sendInquiry({ listingId: s.listingId, message: 'Hei' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: inquiryTexts.nameRequired });
    await s.buyer.browser.call((c) => c.message.sendInquiry({ listingId: s.listingId, message: '  Kan jeg få se regnskapet?  ', name: ' Ola Nordmann ' }));
    const [saved] = await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, s.buyer.userId));
    expect(saved?.fullName).toBe('Ola Nordmann');
    await db.update(profiles).set({ fullName: 'Per Kjøper' }).where(eq(profiles.id, s.buyer.userId));
    // The account's name wins over the form's.
    await s.buyer.browser.call((c) => c.message.sendInquiry({ listingId: s.listingId, message: 'Og leieavtalen?', name: 'Falsk Navn' }));

    const rows = await db.select().from(leads).where(eq(leads.listingId, s.listingId));
    expect(rows.map((r) => [r.buyerId, r.buyerName, r.buyerEmail, r.message]).sort((a, b) => String(a[3]).localeCompare(String(b[3])))).toEqual([
      [s.buyer.userId, 'Ola Nordmann', s.buyer.email, 'Kan jeg få se regnskapet?'],
      [s.buyer.userId, 'Per Kjøper', s.buyer.email, 'Og leieavtalen?'],
    ]);
    const [listing] = await db.select({ leadsCount: listings.leadsCount }).from(listings).where(eq(listings.id, s.listingId));
    expect(listing?.leadsCount).toBe(2);
    const mail = h.mailer.last(s.seller.email);
    expect(mail.text).toContain('Per Kjøper');
    expect(mail.text).toContain(s.buyer.email);
    expect(mail.links).toEqual([`${h.config.appUrl}/meldinger`]);
    expect(inboxMails(h, s.seller.email)).toHaveLength(2);
  });

  it('needs a message, and refuses the own, a sold and a hidden listing', async () => {
    const h = createHarness();
    const s = await scene(h);
    const sold = await createListing(s.seller.userId, { status: 'sold' });
    const hidden = await createListing(s.seller.userId, { status: 'archived' });
    const send = (browser: typeof s.buyer.browser, listingId: string, message = 'Hei') => browser.call((c) => c.message.sendInquiry({ listingId, message, name: 'Kari' }));
    await expect(send(s.buyer.browser, s.listingId, '   ')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: inquiryTexts.messageRequired });
    await expect(send(s.buyer.browser, s.listingId, 'x'.repeat(1001))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: inquiryTexts.messageTooLong });
    await expect(send(s.seller.browser, s.listingId)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.ownListing });
    await expect(send(s.buyer.browser, sold)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messageTexts.soldListing });
    await expect(send(s.buyer.browser, hidden)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.select().from(leads).where(eq(leads.buyerId, s.buyer.userId))).toEqual([]);
    const counts = await db.select({ n: listings.leadsCount }).from(listings).where(eq(listings.ownerId, s.seller.userId));
    expect(counts.every((c) => c.n === 0)).toBe(true);
  });
});

describe('anti-spam', () => {
  it('lets a sender send 30 messages in ten minutes, then refuses with a clear message; retries still answer', async () => {
    const h = createHarness();
    const s = await scene(h);
    const first = await contact(h, s);
    for (let i = 2; i <= 30; i += 1) {
      await s.buyer.browser.call((c) => c.message.reply({ listingId: s.listingId, counterpartId: s.seller.userId, text: `Melding ${i}`, clientMessageId: newId() }));
    }
    await expect(contact(h, s, 'Enda en melding til selgeren')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messageTexts.tooMany });
    await expect(
      s.buyer.browser.call((c) => c.message.reply({ listingId: s.listingId, counterpartId: s.seller.userId, text: 'Enda en', clientMessageId: newId() })),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await contact(h, s, hello, first.message.clientMessageId!)).message.id).toBe(first.message.id);
    expect(await stored(s.buyer.userId)).toHaveLength(30);
    // The seller is another sender with a budget of their own.
    await s.seller.browser.call((c) => c.message.reply({ listingId: s.listingId, counterpartId: s.buyer.userId, text: 'Rolig nå', clientMessageId: newId() }));
  });

  it('lets a sender send 10 inquiries an hour, then refuses', async () => {
    const h = createHarness();
    const s = await scene(h);
    for (let i = 1; i <= 10; i += 1) {
      await s.buyer.browser.call((c) => c.message.sendInquiry({ listingId: s.listingId, message: `Forespørsel ${i}`, name: 'Kari' }));
    }
    await expect(s.buyer.browser.call((c) => c.message.sendInquiry({ listingId: s.listingId, message: 'Nummer elleve', name: 'Kari' }))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: inquiryTexts.tooMany,
    });
    const rows = await db.select().from(leads).where(and(eq(leads.buyerId, s.buyer.userId), eq(leads.listingId, s.listingId)));
    expect(rows).toHaveLength(10);
  });
});
