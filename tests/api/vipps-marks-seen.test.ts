import { beforeAll, describe, expect, it } from 'vitest';
import { dropMark, markVerified } from '@bedriftstorget/api/identity/vipps-mark';
import { nda } from '@bedriftstorget/core/texts/access';
import { company } from '@bedriftstorget/core/texts/company';
import { VIPPS_VERIFIED } from '@bedriftstorget/core/texts/vipps';
import { signedInAdmin } from './admin-helpers';
import { createListing } from './fixtures';
import { createHarness, db, signedInUser } from './harness';

/**
 * 'Verifisert med Vipps' where the seller meets buyers and people meet each other (decision 120): the
 * seller's access requests and inquiries with their mails, the inbox and a thread on both sides (a
 * confidential seller's mark without the name) and the mails about messages, /admin/brukere with its filter; a dropped mark goes
 * from all of them at the next read.
 */
const h = createHarness();
let seller: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let plain: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

const verify = (userId: string, name: string) => markVerified(db, userId, { sub: `sub-${userId}`, name, phone: '4790000000' });

beforeAll(async () => {
  [seller, buyer, plain, admin] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h), signedInAdmin(h)]);
  await Promise.all([verify(buyer.userId, 'Vera Verifisert'), verify(seller.userId, 'Selma Selger')]);
});

const ask = (who: typeof buyer, listingId: string) => who.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version }));

describe('the mark the seller sees on buyers', () => {
  it('on access requests in /mine-annonser and in their mail: the verified buyer has it, the other not', async () => {
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true, title: 'Merket kafé' });
    await ask(buyer, listingId);
    await ask(plain, listingId);
    const requests = (await seller.browser.call((c) => c.access.forSeller())).filter((r) => r.listingId === listingId);
    expect(requests.map((r) => [r.buyerName, r.buyerVerified]).sort()).toEqual([
      [plain.email.split('@')[0], false],
      ['Vera Verifisert', true],
    ].sort());
    const mails = h.mailer.to(seller.email).filter((mail) => mail.subject.includes('Merket kafé'));
    expect(mails.find((mail) => mail.text.includes('Vera Verifisert'))!.text).toContain(`Vera Verifisert <${buyer.email}> (${VIPPS_VERIFIED})`);
    expect(mails.find((mail) => mail.text.includes(plain.email))!.text).not.toContain(VIPPS_VERIFIED);

    await dropMark(db, buyer.userId);
    const after = (await seller.browser.call((c) => c.access.forSeller())).find((r) => r.listingId === listingId && r.buyerName === 'Vera Verifisert');
    expect(after!.buyerVerified).toBe(false);
    await verify(buyer.userId, 'Vera Verifisert');
  });

  it('on inquiries in Forespørsler and in their mail', async () => {
    const listingId = await createListing(seller.userId, { status: 'active', title: 'Åpen bakeri' });
    await buyer.browser.call((c) => c.message.sendInquiry({ listingId, message: 'Er den fortsatt til salgs?' }));
    await plain.browser.call((c) => c.message.sendInquiry({ listingId, message: 'Hva er omsetningen?', name: 'Per Uverifisert' }));
    const items = (await seller.browser.call((c) => c.message.inquiries({}))).items.filter((item) => item.listingId === listingId);
    expect(items.map((i) => [i.buyerName, i.buyerVerified]).sort()).toEqual([
      ['Per Uverifisert', false],
      ['Vera Verifisert', true],
    ].sort());
    const mails = h.mailer.to(seller.email).filter((mail) => mail.subject.includes('Åpen bakeri'));
    expect(mails.find((mail) => mail.text.includes('Vera'))!.text).toContain(`Fra: Vera Verifisert (${VIPPS_VERIFIED}) <${buyer.email}>`);
    expect(mails.find((mail) => mail.text.includes('Per Uverifisert'))!.text).not.toContain(VIPPS_VERIFIED);
  });
});

describe('the mark in messages', () => {
  it('the inbox and the thread show the other person’s mark on both sides; a confidential seller’s mark comes without the name', async () => {
    const listingId = await createListing(seller.userId, { status: 'active', confidential: true, title: 'Konfidensiell verksted' });
    await buyer.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei, jeg er interessert.', clientMessageId: crypto.randomUUID() }));
    await plain.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei fra meg også.', clientMessageId: crypto.randomUUID() }));

    const sellerInbox = (await seller.browser.call((c) => c.message.conversations({}))).items.filter((c) => c.listingId === listingId);
    expect(sellerInbox.map((c) => [c.counterpartId, c.counterpartVerified]).sort()).toEqual([
      [buyer.userId, true],
      [plain.userId, false],
    ].sort());
    const buyerInbox = (await buyer.browser.call((c) => c.message.conversations({}))).items.find((c) => c.listingId === listingId)!;
    expect(buyerInbox).toMatchObject({ counterpartName: company.confidentialSeller, counterpartVerified: true });

    const sellerThread = await seller.browser.call((c) => c.message.thread({ listingId, counterpartId: buyer.userId }));
    expect(sellerThread.counterpart).toMatchObject({ name: 'Vera Verifisert', verified: true });
    const buyerThread = await buyer.browser.call((c) => c.message.thread({ listingId, counterpartId: seller.userId }));
    expect(buyerThread.counterpart).toEqual({ id: seller.userId, name: company.confidentialSeller, company: null, verified: true });
    const plainThread = await seller.browser.call((c) => c.message.thread({ listingId, counterpartId: plain.userId }));
    expect(plainThread.counterpart.verified).toBe(false);

    // The mails about the messages name the sender as the inbox does, mark and all.
    const toSeller = h.mailer.to(seller.email).filter((mail) => mail.subject.includes('Konfidensiell verksted'));
    expect(toSeller.find((mail) => mail.text.includes('Vera'))!.text).toContain(`Vera Verifisert (${VIPPS_VERIFIED}) har sendt deg en melding`);
    expect(toSeller.find((mail) => mail.text.includes('Hei fra meg også'))!.text).not.toContain(VIPPS_VERIFIED);
    await seller.browser.call((c) => c.message.reply({ listingId, counterpartId: buyer.userId, text: 'Takk, jeg svarer snart.', clientMessageId: crypto.randomUUID() }));
    const toBuyer = h.mailer.to(buyer.email).filter((mail) => mail.subject.includes('Konfidensiell verksted'));
    expect(toBuyer.at(-1)!.text).toContain(`${company.confidentialSeller} (${VIPPS_VERIFIED}) har sendt deg en melding`);
    expect(toBuyer.at(-1)!.text).not.toContain('Selma');

    // A name change drops the mark: the next read of the inbox and the thread no longer has it.
    await buyer.browser.call((c) => c.profile.update({ fullName: 'Vera Ny', companyName: null, phone: null }));
    expect((await seller.browser.call((c) => c.message.thread({ listingId, counterpartId: buyer.userId }))).counterpart.verified).toBe(false);
    expect((await seller.browser.call((c) => c.message.conversations({}))).items.find((c) => c.counterpartId === buyer.userId && c.listingId === listingId)!.counterpartVerified).toBe(false);
    await buyer.browser.call((c) => c.profile.update({ fullName: 'Vera Verifisert', companyName: null, phone: null }));
    await verify(buyer.userId, 'Vera Verifisert');
  });
});

describe('/admin/brukere', () => {
  it('a Vipps column and a filter for the verified only; staff renaming a person drops the mark', async () => {
    const page = await admin.browser.call((c) => c.admin.users.list({ q: buyer.email }));
    expect(page.items.map((u) => [u.id, u.vippsVerified])).toEqual([[buyer.userId, true]]);
    expect((await admin.browser.call((c) => c.admin.users.list({ q: plain.email }))).items[0]!.vippsVerified).toBe(false);
    expect((await admin.browser.call((c) => c.admin.users.list({ q: plain.email, verified: true }))).items).toEqual([]);
    const verifiedOnly = (await admin.browser.call((c) => c.admin.users.list({ verified: true }))).items;
    expect(verifiedOnly.length).toBeGreaterThan(0);
    expect(verifiedOnly.every((u) => u.vippsVerified)).toBe(true);

    await admin.browser.call((c) => c.admin.users.update({ id: buyer.userId, fullName: 'Endret Av Staben', companyName: null, phone: null, userType: 'individual', plan: 'free', maxListings: 3 }));
    expect((await admin.browser.call((c) => c.admin.users.list({ q: buyer.email }))).items[0]!.vippsVerified).toBe(false);
    await verify(buyer.userId, 'Vera Verifisert');
  });
});
