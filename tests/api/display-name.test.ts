import { describe, expect, it } from 'vitest';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { messageTexts } from '@bedriftstorget/core/texts/messages';
import { createListing } from './fixtures';
import { createHarness, signedInUser, uniqueEmail } from './harness';

/** A buyer who never gave a name is shown by the e-mail's part before '@', in /meldinger and in the mail, never 'Ukjent bruker'. */
describe('display names', () => {
  it('one rule: the profile name, else the company, else the e-mail before @; null only without any', () => {
    expect(personDisplayName({ fullName: ' Kari Nordmann ', companyName: 'Kari AS', email: 'kari@example.no' })).toBe('Kari Nordmann');
    expect(personDisplayName({ fullName: '  ', companyName: 'Kari AS', email: 'kari@example.no' })).toBe('Kari AS');
    expect(personDisplayName({ fullName: null, companyName: null, email: 'ola.kjoper@example.no' })).toBe('ola.kjoper');
    expect(personDisplayName({})).toBeNull();
  });

  it('a nameless buyer is named by the e-mail’s local part in the seller’s conversations, thread and mail', async () => {
    const h = createHarness();
    const seller = await signedInUser(h);
    const buyerEmail = uniqueEmail('navnlos');
    const buyer = await signedInUser(h, buyerEmail);
    const local = buyerEmail.split('@')[0]!;
    const listingId = await createListing(seller.userId, { title: 'Bakeri i Tromsø' });
    await buyer.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei! Er bakeriet ledig?', clientMessageId: crypto.randomUUID() }));

    const list = await seller.browser.call((c) => c.message.conversations({}));
    const mine = list.items.find((item) => item.counterpartId === buyer.userId);
    expect(mine?.counterpartName).toBe(local);
    const thread = await seller.browser.call((c) => c.message.thread({ listingId, counterpartId: buyer.userId }));
    expect(thread.counterpart.name).toBe(local);
    const mail = h.mailer.to(seller.email).find((m) => m.links.some((link) => link.endsWith('/meldinger')));
    expect(mail?.text).toContain(local);
    expect(mail?.text).not.toContain(messageTexts.unknownUser);
  });
});
