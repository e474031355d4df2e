import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { handleSeo, isSeoPath } from '@bedriftstorget/api/seo/handler';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { company } from '@bedriftstorget/core/texts/company';
import { VIPPS_VERIFIED } from '@bedriftstorget/core/texts/vipps';
import { offerClosed, offerTexts } from '@bedriftstorget/core/texts/offers';
import { outcome } from './authorization-matrix';
import { COMPANY, confidentialWorld, leaksIn, SELLER, type ConfidentialWorld, type Viewer } from './confidential-world';
import { pageTexts } from './data-room-helpers';
import { db } from './harness';
import { personData } from './person-data';
import { harness } from './seller-helpers';

/**
 * The proof of 'Konfidensielt salg' (decision 099): a visitor, a signed-in stranger, a buyer whose
 * request waits and one the seller declined read every public and buyer-facing procedure, page,
 * crawler page, sitemap, realtime event and mail, and not one of the seller's six values (full name,
 * firm, phone, e-mail, town, organisasjonsnummer) nor the company's registry name or address is in any
 * of them. The buyer the seller let in finds the company and the seller.
 */
let w: ConfidentialWorld;
let hidden: Viewer[];
const SHELL = '<!doctype html><html lang="nb"><head><title>Bedriftstorget</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  // A local S3 (seller-helpers starts it): the offers' LOI is written to the documents bucket.
  w = await confidentialWorld(harness());
  hidden = w.viewers.filter((viewer) => viewer.name !== 'granted');
}, 120_000);

const page = async (path: string) => {
  const response = await handleSeo(w.h, new Request(`${w.h.config.appUrl}${path}`), { shell: () => Promise.resolve(SHELL) });
  return { status: response!.status, body: await response!.text() };
};

describe('before the seller lets a buyer in, nothing names the seller, the company or the town', () => {
  it('every procedure a visitor or buyer can call, as each of them: every answer and every refusal', async () => {
    const found: string[] = [];
    for (const viewer of hidden) {
      for (const [path, row] of Object.entries(personData)) {
        for (const input of row.read?.(w) ?? []) {
          const answer = await outcome(viewer.browser, path, input);
          expect(answer.code, `${viewer.name} ${path}`).not.toBe('THREW');
          for (const leak of leaksIn([answer.result, answer.message])) found.push(`${viewer.name} ${path} ${JSON.stringify(input)}: ${leak}`);
        }
      }
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('the listing page says who the seller is by the one rule, and the place by its county', async () => {
    for (const viewer of hidden) {
      const detail = await viewer.browser.call((c) => c.listing.detail({ id: w.listingId }));
      expect(detail.listing).toMatchObject({ location: SELLER.county, sellerName: company.confidentialSeller, company: null, confidential: true });
      if (!viewer.person) continue;
      expect(await viewer.browser.call((c) => c.listing.viewer({ id: w.listingId }))).toMatchObject({ seller: { anonymous: true, name: company.confidentialSeller }, disclosure: null });
      await expect(viewer.browser.call((c) => c.listing.sellerContact({ id: w.listingId }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: company.contactRefused });
      const inbox = await viewer.browser.call((c) => c.message.conversations());
      expect(inbox.items.find((item) => item.listingId === w.listingId)?.counterpartName).toBe(company.confidentialSeller);
    }
  });

  it('a search by the town finds nothing, the county finds it, and the town is no suggestion', async () => {
    const browse = (input: object) => hidden[0]!.browser.call((c) => c.listing.browse(input));
    expect((await browse({ q: SELLER.town })).items.map((card) => card.id)).not.toContain(w.listingId);
    expect((await browse({ location: SELLER.town })).items.map((card) => card.id)).not.toContain(w.listingId);
    expect((await browse({ location: SELLER.county })).items.map((card) => card.id)).toContain(w.listingId);
    expect((await browse({ q: `${SELLER.county} ${w.word}` })).items.map((card) => card.id)).toEqual([w.listingId]);
    const places = await hidden[0]!.browser.call((c) => c.listing.locations());
    expect(places.map((place) => place.name)).toContain(SELLER.county);
  });

  it('crawler pages: the listing page, the browse pages, the sitemap and every page it names, robots.txt', async () => {
    const sitemap = await page('/sitemap.xml');
    const named = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(named).toContain(`/bedrift/${w.listingId}`);
    // The sitemap's pages this handler answers for crawlers ('/' is the SPA's shell, with no data in it).
    const pages = [sitemap, await page('/robots.txt'), ...(await Promise.all(named.filter(isSeoPath).map(page)))];
    for (const path of [`/alle-annonser?q=${w.word}`, `/alle-annonser?sted=${SELLER.county}`]) pages.push(await page(path));
    // Browsing by the town: the page echoes the filter typed, and finds nothing of the listing.
    const byTown = await page(`/alle-annonser?sted=${SELLER.town}`);
    expect(byTown.body).not.toContain(w.listingId);
    expect(leaksIn(byTown.body.replaceAll(`"location":"${SELLER.town}"`, ''))).toEqual([]);
    const listing = await page(`/bedrift/${w.listingId}`);
    expect(listing.body).toContain(SELLER.county);
    expect(listing.body).toContain(company.confidentialSeller);
    expect(pages.flatMap((p) => leaksIn(p.body))).toEqual([]);
  });

  it('every mail to them — message mails and their subjects, alerts (by county only), the decline — and every realtime event', async () => {
    const emails = hidden.flatMap((viewer) => (viewer.person ? [viewer.person.email] : []));
    const mails = w.h.mailer.sent.filter((mail) => emails.includes(mail.to));
    expect(mails.some((mail) => mail.text.includes(`${company.confidentialSeller} (${VIPPS_VERIFIED}) har sendt deg en melding`))).toBe(true);
    const alerts = mails.filter((mail) => mail.headers?.['List-Unsubscribe']);
    expect(alerts.length).toBe(emails.length);
    for (const alert of alerts) expect(alert.text).toContain(SELLER.county);
    // Searches by the town, as a place or a word, announce nothing.
    expect(w.h.mailer.to(w.searcher.email).filter((mail) => mail.headers?.['List-Unsubscribe'])).toEqual([]);
    expect(mails.flatMap((mail) => leaksIn(mail))).toEqual([]);
    const queued = await db.select({ subject: mailOutbox.subject, body: mailOutbox.body }).from(mailOutbox).where(inArray(mailOutbox.toAddress, emails));
    expect(queued.flatMap((row) => leaksIn(row))).toEqual([]);
    const events = hidden.flatMap((viewer) => viewer.events);
    expect(events.length).toBeGreaterThan(0);
    expect(events.flatMap((event) => leaksIn(event))).toEqual([]);
  });
});

describe('the buyer the seller let in', () => {
  const viewer = () => w.viewers.find((v) => v.name === 'granted')!;

  it('finds the company, its number, registry data and address, the town, and the seller with name and contact', async () => {
    const mine = await viewer().browser.call((c) => c.listing.viewer({ id: w.listingId }));
    expect(mine.seller).toMatchObject({ anonymous: false, name: SELLER.fullName });
    expect(mine.disclosure).toEqual({
      company: { orgnr: COMPANY.organisasjonsnummer, name: COMPANY.navn, form: 'Aksjeselskap', kommune: 'STAVANGER', address: 'Verksgata 3, 4013 STAVANGER' },
      location: SELLER.town,
      seller: { name: SELLER.fullName, firm: SELLER.firm, email: SELLER.email, phone: SELLER.phone },
    });
    expect(await viewer().browser.call((c) => c.listing.sellerContact({ id: w.listingId }))).toEqual({ name: SELLER.fullName, email: SELLER.email, phone: SELLER.phone });
  });

  it('in messages: the inbox and the thread name the seller and the company, and the mail after the grant names the seller', async () => {
    const inbox = await viewer().browser.call((c) => c.message.conversations());
    expect(inbox.items.find((item) => item.listingId === w.listingId)?.counterpartName).toBe(SELLER.fullName);
    const thread = await viewer().browser.call((c) => c.message.thread({ listingId: w.listingId, counterpartId: w.seller.userId }));
    expect(thread.counterpart).toEqual({ id: w.seller.userId, name: SELLER.fullName, company: COMPANY.navn, verified: true });
    const mails = w.h.mailer.to(viewer().person!.email);
    expect(mails.some((mail) => mail.text.includes(`${SELLER.fullName} (${VIPPS_VERIFIED}) har sendt deg en melding`))).toBe(true);
  });

  it('the public answer stays the same for everyone: the reveal is only in the caller’s own answers', async () => {
    const theirs = await viewer().browser.call((c) => c.listing.detail({ id: w.listingId }));
    const visitors = await hidden[0]!.browser.call((c) => c.listing.detail({ id: w.listingId }));
    expect(theirs).toEqual(visitors);
    expect(leaksIn(theirs)).toEqual([]);
  });

  it('withdrawing the access hides them again at the next read', async () => {
    await w.seller.browser.call((c) => c.access.withdraw({ id: w.grantedRequest }));
    const mine = await viewer().browser.call((c) => c.listing.viewer({ id: w.listingId }));
    expect(mine).toMatchObject({ seller: { anonymous: true, name: company.confidentialSeller }, disclosure: null });
    const inbox = await viewer().browser.call((c) => c.message.conversations());
    expect(inbox.items.find((item) => item.listingId === w.listingId)?.counterpartName).toBe(company.confidentialSeller);
    const thread = await viewer().browser.call((c) => c.message.thread({ listingId: w.listingId, counterpartId: w.seller.userId }));
    expect(leaksIn(thread)).toEqual([]);
    await expect(viewer().browser.call((c) => c.listing.sellerContact({ id: w.listingId }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});


describe('offers of a buyer let in, then not (decisions 127, 128)', () => {
  const viewer = () => w.viewers.find((v) => v.name === 'withdrawn')!;

  it('both threads say "Konfidensiell selger" with the Vipps mark, the standing one is closed, and the LOI is refused', async () => {
    const threads = await viewer().browser.call((c) => c.offer.mine({}));
    expect(threads.map((thread) => [thread.id, thread.status]).sort()).toEqual([[w.acceptedOfferId, 'accepted'], [w.closedOfferId, 'closed']].sort());
    for (const thread of threads) expect(thread).toMatchObject({ counterpartName: company.confidentialSeller, counterpartVerified: true, hasLoi: false });
    const closed = threads.find((thread) => thread.id === w.closedOfferId)!;
    expect(closed).toMatchObject({ declineReason: offerClosed.access, yourTurn: false });
    expect(closed.events.map((event) => event.kind)).toEqual(['offer', 'counter', 'closed']);
    await expect(viewer().browser.call((c) => c.offer.loi({ offerId: w.acceptedOfferId }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: offerTexts.loiHidden });
    const subjects = w.h.mailer.to(viewer().person!.email).map((mail) => mail.subject);
    expect(subjects).toEqual(expect.arrayContaining([expect.stringContaining('er akseptert'), expect.stringContaining('Motbud på'), expect.stringContaining('er lukket')]));
    expect(leaksIn(await viewer().browser.call((c) => c.profile.exportData()))).toEqual([]);
  });

  it('the seller still reads the buyer; let in again, the buyer reads the seller and gets the LOI, which names both', async () => {
    const sellers = await w.seller.browser.call((c) => c.offer.forSeller({}));
    expect(sellers.find((thread) => thread.id === w.acceptedOfferId)?.counterpartName).toMatch(/^Kjøper /);
    await w.seller.browser.call((c) => c.access.grant({ id: w.withdrawnRequest }));
    const [accepted] = (await viewer().browser.call((c) => c.offer.mine({}))).filter((thread) => thread.id === w.acceptedOfferId);
    expect(accepted).toMatchObject({ counterpartName: SELLER.fullName, counterpartVerified: true, hasLoi: true });
    const { url } = await viewer().browser.call((c) => c.offer.loi({ offerId: w.acceptedOfferId }));
    const [text] = await pageTexts(new Uint8Array(await (await fetch(url)).arrayBuffer()));
    expect(text).toContain(`Selger: ${SELLER.fullName}`);
  });
});
