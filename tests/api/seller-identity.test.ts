import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { sellerDisplay } from '@bedriftstorget/api/identity/seller-display';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import { company } from '@bedriftstorget/core/texts/company';
import { nda } from '@bedriftstorget/core/texts/access';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';
import { personData, rowOf } from './person-data';

/**
 * One rule for who the seller is to whom (decision 099): `sellerDisplay`, and the table of what every
 * procedure can tell about people (person-data.ts), which the leak test walks.
 */
const procedures = Object.keys(appRouter._def.procedures);

describe('what every procedure can tell about people', () => {
  it('has a row for every procedure, and no row for one that is gone', () => {
    expect(procedures.filter((path) => !rowOf(path))).toEqual([]);
    expect(Object.keys(personData).filter((path) => !procedures.includes(path))).toEqual([]);
  });

  it('every procedure that can name a seller, a company or a place is read by the leak test; every other says why not', () => {
    for (const path of procedures) {
      const row = rowOf(path)!;
      if (row.data === 'seller' || row.data === 'listing') expect(row.read, path).toBeDefined();
      if (!row.read) expect(row.notRead, path).toBeTruthy();
    }
  });
});

const person = { fullName: 'Ola Nordmann', companyName: 'Nordmann Holding AS', email: 'ola@nordmann-holding.no', deletedAt: null };

describe('sellerDisplay', () => {
  it('a confidential sale: "Konfidensiell selger" to anyone not let in; the owner, staff and a buyer let in know the seller', () => {
    const anonymous = { anonymous: true, name: company.confidentialSeller, cardName: company.confidentialSeller, verified: false };
    expect(sellerDisplay({ confidential: true }, 'other', person)).toEqual(anonymous);
    for (const relation of ['owner', 'staff', 'granted'] as const) {
      expect(sellerDisplay({ confidential: true }, relation, person)).toEqual({ anonymous: false, name: 'Ola Nordmann', cardName: 'Nordmann Holding AS', verified: false });
    }
  });

  it('an open sale: the person by name (the firm, then the e-mail, when there is none), the card by the firm; never the e-mail on the card', () => {
    expect(sellerDisplay({ confidential: false }, 'other', person)).toEqual({ anonymous: false, name: 'Ola Nordmann', cardName: 'Nordmann Holding AS', verified: false });
    expect(sellerDisplay({ confidential: false }, 'other', { ...person, fullName: null })).toMatchObject({ name: 'Nordmann Holding AS' });
    expect(sellerDisplay({ confidential: false }, 'other', { ...person, fullName: null, companyName: null })).toEqual({ anonymous: false, name: 'ola', cardName: null, verified: false });
  });

  it('a confidential seller without a full name is never named by the firm or the e-mail', () => {
    const firmOnly = { ...person, fullName: null };
    expect(sellerDisplay({ confidential: true }, 'other', firmOnly).name).toBe(company.confidentialSeller);
    expect(sellerDisplay({ confidential: true }, 'other', { ...firmOnly, companyName: null }).name).toBe(company.confidentialSeller);
  });

  it('"Verifisert med Vipps": the mark for everyone, a confidential sale’s buyers too, without the name; never for a deleted account', () => {
    const verified = { ...person, vippsVerified: true };
    expect(sellerDisplay({ confidential: true }, 'other', verified)).toEqual({ anonymous: true, name: company.confidentialSeller, cardName: company.confidentialSeller, verified: true });
    expect(sellerDisplay({ confidential: false }, 'other', verified)).toMatchObject({ name: 'Ola Nordmann', verified: true });
    expect(sellerDisplay({ confidential: false }, 'other', { ...verified, deletedAt: new Date() }).verified).toBe(false);
    expect(sellerDisplay({ confidential: false }, 'other', { ...person, vippsVerified: false }).verified).toBe(false);
  });

  it('a deleted seller is "Slettet bruker"', () => {
    expect(sellerDisplay({ confidential: false }, 'other', { ...person, deletedAt: new Date() }).name).toBe(accountDeletion.deletedUser);
  });
});

describe('the paths a confidential seller is met by', () => {
  it('a seller with a firm and no full name writes back: inbox, thread and the mail and its subject say "Konfidensiell selger"', async () => {
    const h = createHarness();
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    await seller.browser.call((c) => c.profile.update({ fullName: null, companyName: 'Firmaet Som Selger AS', phone: null }));
    const listingId = await createListing(seller.userId, { confidential: true, title: 'Konfidensiell butikk' });
    await buyer.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei, er butikken til salgs?', clientMessageId: crypto.randomUUID() }));
    await seller.browser.call((c) => c.message.reply({ listingId, counterpartId: buyer.userId, text: 'Ja!', clientMessageId: crypto.randomUUID() }));
    const mail = h.mailer.last(buyer.email);
    expect(mail.text).toContain(`${company.confidentialSeller} har sendt deg en melding`);
    expect(JSON.stringify(mail)).not.toContain('Firmaet');
    expect(JSON.stringify(mail)).not.toContain(seller.email.split('@')[0]!);
    expect((await buyer.browser.call((c) => c.message.conversations())).items[0]!.counterpartName).toBe(company.confidentialSeller);
    expect((await buyer.browser.call((c) => c.message.thread({ listingId, counterpartId: seller.userId }))).counterpart).toEqual({ id: seller.userId, name: company.confidentialSeller, company: null, verified: false });
    // The seller still knows the buyer.
    expect((await seller.browser.call((c) => c.message.conversations())).items[0]!.counterpartName).not.toBe(company.confidentialSeller);
  });

  it('after the listing is deleted its conversations keep the seller anonymous to buyers not let in, and named to one let in', async () => {
    const h = createHarness();
    const [seller, buyer, trusted, admin] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h), signedInAdmin(h)]);
    await seller.browser.call((c) => c.profile.update({ fullName: 'Synnøve Selger', companyName: null, phone: null }));
    // Deleted by its seller, and by staff.
    const removals = [(id: string) => seller.browser.call((c) => c.seller.delete({ id })), (id: string) => admin.browser.call((c) => c.admin.listings.remove({ id }))];
    for (const remove of removals) {
      const listingId = await createListing(seller.userId, { confidential: true });
      for (const who of [buyer, trusted]) await who.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei, jeg er interessert.', clientMessageId: crypto.randomUUID() }));
      await trusted.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }));
      await seller.browser.call(async (c) => c.access.grant({ id: (await c.access.forSeller()).find((row) => row.listingId === listingId)!.id }));
      await remove(listingId);
    }
    expect(await db.select({ listingId: messages.listingId }).from(messages).where(eq(messages.senderId, buyer.userId))).toEqual([{ listingId: null }, { listingId: null }]);
    const theirs = (await buyer.browser.call((c) => c.message.conversations())).items;
    expect(theirs.map((item) => [item.listingId, item.counterpartName])).toEqual([[null, company.confidentialSeller]]);
    expect((await buyer.browser.call((c) => c.message.thread({ listingId: null, counterpartId: seller.userId }))).counterpart.name).toBe(company.confidentialSeller);
    expect((await trusted.browser.call((c) => c.message.conversations())).items.map((item) => item.counterpartName)).toEqual(['Synnøve Selger']);
  });

  it('an inquiry to a confidential seller is refused: contact goes through messages', async () => {
    const h = createHarness();
    const [seller, buyer] = await Promise.all([signedInUser(h), signedInUser(h)]);
    const listingId = await createListing(seller.userId, { confidential: true });
    await expect(buyer.browser.call((c) => c.message.sendInquiry({ listingId, message: 'Kan jeg få se regnskapet?', name: 'Kari' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: company.confidentialInquiry });
    expect(h.mailer.to(seller.email).filter((mail) => mail.subject.includes('forespørsel'))).toEqual([]);
  });
});
