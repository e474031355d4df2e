import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { createListing } from './fixtures';
import { createHarness, db, type Harness, LOCK_TEST_TIMEOUT, signedInUser } from './harness';

const hello = 'Hei! Er bedriften fortsatt til salgs?';
const newId = (): string => crypto.randomUUID();

/** A seller with a public listing and a buyer who has not written yet. */
async function scene(h: Harness) {
  const seller = await signedInUser(h);
  const buyer = await signedInUser(h);
  const listingId = await createListing(seller.userId, { title: 'Frisørsalong på Grünerløkka' });
  return { seller, buyer, listingId };
}

async function contact(s: Awaited<ReturnType<typeof scene>>, text = hello, clientMessageId = newId()) {
  return s.buyer.browser.call((c) => c.message.contactSeller({ listingId: s.listingId, text, clientMessageId }));
}

/** Mails about messages and inquiries (the sign-up mail is not one of them). */
function inboxMails(h: Harness, email: string) {
  return h.mailer.to(email).filter((mail) => mail.links.some((link) => link.endsWith('/meldinger')));
}

async function stored(senderId: string) {
  return db.select().from(messages).where(eq(messages.senderId, senderId));
}

/**
 * Transactions and row locks under concurrency (decision 003). These files run twice: in the `api`
 * project through mysql2, and in `api-planetscale` through PlanetScale's HTTP driver and the local
 * stand-in for its API (decision 010), where every statement is its own HTTP call.
 */

describe('sending is idempotent', () => {
  it('stores a message once per client id, however often it is sent', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const s = await scene(h);
    const id = newId();
    const first = await contact(s, hello, id);
    const again = await contact(s, hello, id);
    expect(again.message.id).toBe(first.message.id);
    await db.update(listings).set({ status: 'sold' }).where(eq(listings.id, s.listingId));
    // A second tab's resend after login, once the listing is sold: still the one message, no error.
    expect((await contact(s, hello, id)).message.id).toBe(first.message.id);
    expect(await stored(s.buyer.userId)).toHaveLength(1);
  });

  it('loses and duplicates nothing when 20 messages are sent at once, each twice', { timeout: LOCK_TEST_TIMEOUT }, async () => {
    const h = createHarness();
    const s = await scene(h);
    await contact(s, 'Første melding i samtalen');
    await s.seller.browser.call((c) => c.message.markRead({ listingId: s.listingId, counterpartId: s.buyer.userId }));
    const mailsBefore = inboxMails(h, s.seller.email).length;
    const batch = Array.from({ length: 20 }, (_, i) => ({ text: `Melding nummer ${i + 1}`, id: newId() }));
    const results = await Promise.all(
      [...batch, ...batch].map(({ text, id }) =>
        s.buyer.browser.call((c) => c.message.reply({ listingId: s.listingId, counterpartId: s.seller.userId, text, clientMessageId: id })),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(20);
    const rows = await stored(s.buyer.userId);
    expect(rows).toHaveLength(21);
    expect(rows.map((r) => r.messageText).sort()).toEqual(['Første melding i samtalen', ...batch.map((b) => b.text)].sort());
    expect(await s.seller.browser.call((c) => c.message.unreadCount())).toBe(20);
    const thread = await s.seller.browser.call((c) => c.message.thread({ listingId: s.listingId, counterpartId: s.buyer.userId }));
    expect(thread.messages).toHaveLength(21);
    // The burst is one unread run: one mail, not twenty.
    expect(inboxMails(h, s.seller.email).length - mailsBefore).toBe(1);
  });
});
