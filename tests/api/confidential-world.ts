import { eq } from 'drizzle-orm';
import { verifyCompany } from '@bedriftstorget/api/company/registry';
import type { RealtimeEvent } from '@bedriftstorget/api/realtime/channels';
import { userChannel } from '@bedriftstorget/api/realtime/channels';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { STAND_IN_COMPANIES } from '../../infra/local/brreg/companies';
import { markVerified } from '@bedriftstorget/api/identity/vipps-mark';
import { seen, signedInAdmin } from './admin-helpers';
import { createListing, uniqueWord } from './fixtures';
import { Browser, createHarness, db, signedInUser, type Harness } from './harness';
import { TERMS } from './offer-helpers';
import { runAlertJob } from './saved-search-helpers';

/**
 * A confidential sale whose seller has a distinctive full name, firm, phone, e-mail, town and
 * organisasjonsnummer (decision 099), and the people who look at it: a visitor, a signed-in stranger,
 * a buyer whose request waits, one the seller declined and one the seller let in. Each signed-in
 * buyer has written to the seller and been answered, saved the listing and searches for its town and
 * county; the alert job has run. One more buyer was let in, made offers (one accepted, one countered)
 * and had the access withdrawn. Mails and realtime events to the buyers are kept for the scan.
 */
export const SELLER = {
  fullName: 'Ingebrigt Quistvold',
  firm: 'Quistvold Havbruk Holding AS',
  phone: '+4791827364',
  email: 'ingebrigt.quistvold@quistvold-havbruk.no',
  town: 'Egersund',
  county: 'Rogaland',
} as const;
export const COMPANY = STAND_IN_COMPANIES.plumbing;

/**
 * The six values, in every spelling a page could carry them, and what the company's registry entry
 * adds (its name and address): none may reach a buyer the seller has not let in.
 */
export const SECRETS = [
  SELLER.fullName, 'Quistvold', SELLER.firm, SELLER.phone, '918 27 364', '91827364', SELLER.email, 'ingebrigt.quistvold', 'quistvold-havbruk',
  SELLER.town, COMPANY.organisasjonsnummer, '910 000 314', COMPANY.navn, 'Verksgata 3',
];

export function leaksIn(value: unknown): string[] {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  const folded = text.toLocaleLowerCase('nb');
  return SECRETS.filter((secret) => folded.includes(secret.toLocaleLowerCase('nb')));
}

type Person = Awaited<ReturnType<typeof signedInUser>>;
export type Viewer = { name: 'visitor' | 'stranger' | 'pending' | 'declined' | 'withdrawn' | 'granted'; browser: Browser; person: Person | null; events: RealtimeEvent[] };

const ask = (who: Person, listingId: string) => who.browser.call((c) => c.access.request({ listingId, acceptNda: true, ndaVersion: nda.version, message: 'Jeg vil gjerne vite mer.' }));

async function requestId(listingId: string, buyerId: string): Promise<string> {
  const rows = await db.select({ id: accessRequests.id, buyerId: accessRequests.buyerId }).from(accessRequests).where(eq(accessRequests.listingId, listingId));
  return rows.find((row) => row.buyerId === buyerId)!.id;
}

/**
 * 'Gi bud' on the confidential sale (decisions 121, 127): a buyer let in makes an offer the seller
 * accepts (the LOI is written and downloaded while let in), makes another the seller answers with a
 * 'Motbud', and then the seller withdraws the access — which closes the standing one (decision 128).
 * From then on the buyer reads both threads, their mails and the LOI as someone not let in.
 */
async function offerThreadsOfWithdrawn(seller: Person, buyer: Person, listingId: string) {
  const request = await requestId(listingId, buyer.userId);
  await seller.browser.call((c) => c.access.grant({ id: request }));
  const { offerId: acceptedOfferId } = await buyer.browser.call((c) => c.offer.make({ listingId, ...TERMS, financing: [...TERMS.financing], conditions: [...TERMS.conditions], message: 'Et godt bud.' }));
  await seller.browser.call((c) => c.offer.accept({ offerId: acceptedOfferId }));
  await buyer.browser.call((c) => c.offer.loi({ offerId: acceptedOfferId }));
  const { offerId: closedOfferId } = await buyer.browser.call((c) => c.offer.make({ listingId, ...TERMS, price: 2_600_000, financing: ['equity'], conditions: [], message: 'Et bud til.' }));
  await seller.browser.call((c) => c.offer.counter({ offerId: closedOfferId, ...TERMS, price: 2_900_000, financing: ['equity'], conditions: [], message: 'Mitt motbud.' }));
  await seller.browser.call((c) => c.access.withdraw({ id: request }));
  return { acceptedOfferId, closedOfferId, withdrawnRequest: request };
}

export async function confidentialWorld(h: Harness = createHarness()) {
  const word = uniqueWord();
  const seller = await signedInUser(h, SELLER.email);
  await seller.browser.call((c) => c.profile.update({ fullName: SELLER.fullName, companyName: SELLER.firm, phone: SELLER.phone }));
  const admin = await signedInAdmin(h);
  // The seller is 'Verifisert med Vipps': buyers not let in see the mark and never the name (decision 120).
  await markVerified(db, seller.userId, { sub: `vipps-${seller.userId}`, name: SELLER.fullName, phone: null });
  const [stranger, pending, declined, withdrawn, granted] = await Promise.all([signedInUser(h), signedInUser(h), signedInUser(h), signedInUser(h), signedInUser(h)]);
  for (const buyer of [stranger, pending, declined, withdrawn, granted]) await db.update(profiles).set({ fullName: `Kjøper ${buyer.userId.slice(0, 6)}` }).where(eq(profiles.id, buyer.userId));
  const viewers: Viewer[] = [
    { name: 'visitor', browser: new Browser(h), person: null, events: [] },
    ...([['stranger', stranger], ['pending', pending], ['declined', declined], ['withdrawn', withdrawn], ['granted', granted]] as const).map(([name, person]) => ({ name, browser: person.browser, person, events: [] as RealtimeEvent[] })),
  ];
  for (const viewer of viewers) if (viewer.person) h.realtime.subscribe(userChannel(viewer.person.userId), (event) => viewer.events.push(event));

  // Searches saved before the listing is published: the buyers' by its county (announced); someone
  // else's by its town, as a place and as a word (never announced), kept apart so the buyers' own
  // saved filters do not hold the town they are scanned for.
  for (const viewer of viewers.filter((v) => v.person)) {
    await viewer.browser.call((c) => c.savedSearch.create({ name: 'Fylket', alerts: 'instant', filters: { location: SELLER.county } }));
  }
  const searcher = await signedInUser(h);
  await searcher.browser.call((c) => c.savedSearch.create({ name: 'Byen', alerts: 'instant', filters: { location: SELLER.town } }));
  await searcher.browser.call((c) => c.savedSearch.create({ name: 'Ordet', alerts: 'instant', filters: { q: SELLER.town } }));

  await verifyCompany(h, COMPANY.organisasjonsnummer);
  const listingId = await createListing(seller.userId, {
    status: 'pending', confidential: true, orgnr: COMPANY.organisasjonsnummer, location: SELLER.town, industry: 'craft',
    title: `Rørleggerfirma med faste avtaler ${word}`,
    description: 'Veletablert rørleggerbedrift med serviceavtaler, egne lokaler og fem ansatte. Selges grunnet generasjonsskifte.',
  });
  await admin.browser.call(async (c) => c.admin.review.approve({ ...(await seen([listingId])) }));
  await runAlertJob(h);

  // Each buyer writes, the seller answers; then the requests and the seller's answers to them.
  for (const viewer of viewers.filter((v) => v.person)) {
    await viewer.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei! Er bedriften fortsatt til salgs?', clientMessageId: crypto.randomUUID() }));
    await seller.browser.call((c) => c.message.reply({ listingId, counterpartId: viewer.person!.userId, text: 'Ja, den er til salgs. Spør gjerne!', clientMessageId: crypto.randomUUID() }));
    await viewer.browser.call((c) => c.favorite.add({ listingId }));
  }
  await Promise.all([ask(pending, listingId), ask(declined, listingId), ask(withdrawn, listingId), ask(granted, listingId)]);
  await seller.browser.call(async (c) => c.access.decline({ id: await requestId(listingId, declined.userId) }));
  const grantedRequest = await requestId(listingId, granted.userId);
  await seller.browser.call((c) => c.access.grant({ id: grantedRequest }));
  const offersOf = await offerThreadsOfWithdrawn(seller, withdrawn, listingId);
  // After the grant: each reads (so a new message is mailed again), the seller writes once more — named to the one let in only.
  for (const viewer of viewers.filter((v) => v.person)) {
    await viewer.browser.call((c) => c.message.markRead({ listingId, counterpartId: seller.userId }));
    await seller.browser.call((c) => c.message.reply({ listingId, counterpartId: viewer.person!.userId, text: 'Jeg sender mer informasjon snart.', clientMessageId: crypto.randomUUID() }));
  }
  return { h, word, seller, admin, viewers, searcher, listingId, grantedRequest, granted, ...offersOf };
}

export type ConfidentialWorld = Awaited<ReturnType<typeof confidentialWorld>>;
