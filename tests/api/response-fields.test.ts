import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { documentDownloads, listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { signedInAdmin } from './admin-helpers';
import { nda } from '@bedriftstorget/core/texts/access';
import { createListing, uniqueWord } from './fixtures';
import { createHarness, db, signedInUser, visitorCaller } from './harness';

/**
 * Every response is built from an explicit list of fields (decision 061). For each one: the keys it
 * sends are exactly the expected list (a field added to a response, or a return to a whole row,
 * fails here), and none of the private values of a listing with every column set is in its JSON.
 */

// A value per private column, each unlike anything a response sends on purpose.
const PRIVATE = {
  renewTokenHash: 'f00dfeed'.repeat(8),
  viewsArchived: 4_242_421,
  alertSeq: 4_242_417,
  reviewAlertedAt: new Date('2031-01-02T03:04:05.678Z'),
  submittedAt: new Date('2031-02-03T04:05:06.789Z'),
  expiryWarnedAt: new Date('2031-03-04T05:06:07.891Z'),
  expiresAt: new Date('2031-04-05T06:07:08.912Z'),
  storageKey: 'listings/privat-lagringsnokkel/original.webp',
  phone: '+4799887766',
  // A valid number the registry stand-in does not know: never public, whatever the listing (decision 095).
  orgnr: '910000802',
  // Kept from an earlier rejection (decision 087): shown to the owner only while the listing is rejected.
  rejectReason: 'duplicate',
  rejectNote: 'Privat avslagsmelding fra en tidligere behandling',
  // Kept from a report's deactivation (decision 140): shown to the owner only while the listing is inactive.
  inactiveReason: 'fraud',
  inactiveNote: 'Privat melding fra en tidligere deaktivering',
  // The deal's final price from 'Marker som solgt': the owner's and staff statistics' only.
  soldPrice: 4_242_413,
};
const word = uniqueWord();

type Sentinel = 'ownerId' | 'ownerEmail' | 'phone' | 'orgnr' | 'renewTokenHash' | 'viewsArchived' | 'reviewAlertedAt' | 'submittedAt' | 'expiryWarnedAt' | 'expiresAt' | 'storageKey' | 'rejectNote' | 'inactiveNote' | 'soldPrice';

let h: ReturnType<typeof createHarness>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let listingId: string;
let pendingId: string;

/** The JSON of a response holds none of the private values but the ones this response may send. */
function expectNoLeak(response: unknown, allowed: Sentinel[] = []) {
  const json = JSON.stringify(response);
  const values: Record<Sentinel, string> = {
    ownerId: owner.userId,
    ownerEmail: owner.email,
    phone: PRIVATE.phone,
    orgnr: PRIVATE.orgnr,
    renewTokenHash: PRIVATE.renewTokenHash,
    viewsArchived: String(PRIVATE.viewsArchived),
    reviewAlertedAt: PRIVATE.reviewAlertedAt.toISOString(),
    submittedAt: PRIVATE.submittedAt.toISOString(),
    expiryWarnedAt: PRIVATE.expiryWarnedAt.toISOString(),
    expiresAt: PRIVATE.expiresAt.toISOString(),
    storageKey: PRIVATE.storageKey,
    rejectNote: PRIVATE.rejectNote,
    inactiveNote: PRIVATE.inactiveNote,
    soldPrice: String(PRIVATE.soldPrice),
  };
  const found = Object.entries(values).filter(([name, value]) => !allowed.includes(name as Sentinel) && json.includes(value)).map(([name]) => name);
  expect(found).toEqual([]);
}

const keys = (value: object | null | undefined) => Object.keys(value ?? {}).sort();

const CARD = ['confidential', 'createdAt', 'description', 'employees', 'established', 'id', 'imageUrl', 'industry', 'leadsCount', 'location', 'price', 'profit', 'revenue', 'sellerVerified', 'status', 'title', 'underOffer', 'views'];
const FORM = [
  'activeCustomers', 'companyForm', 'contractObligations', 'debt', 'description', 'employees', 'equityPercent', 'established', 'growthPercent', 'includedInSale', 'industry',
  'location', 'ownPremises', 'ownerComment', 'ownerDependency', 'ownerSalary', 'premisesSize', 'price', 'profit', 'recurringRevenue', 'revenue', 'title',
  'orgnr', 'confidential', 'verifiedBuyersOnly',
];
/** The form as the public page has it: the organisasjonsnummer stays with its owner and staff (decision 095). */
const PUBLIC_FORM = FORM.filter((key) => key !== 'orgnr');

beforeAll(async () => {
  h = createHarness();
  owner = await signedInUser(h);
  buyer = await signedInUser(h);
  admin = await signedInAdmin(h);
  await db.update(profiles).set({ fullName: 'Ola Selger', companyName: 'Selger AS', phone: PRIVATE.phone }).where(eq(profiles.id, owner.userId));
  const now = new Date();
  listingId = await createListing(owner.userId, {
    title: `Fullt utfylt ${word}`, industry: 'retail', location: 'Drammen', status: 'active',
    description: 'En annonse der hver kolonne har en verdi, også de som aldri skal forlate serveren.',
    revenue: 9_000_000, profit: 800_000, employees: 7, established: 1999, price: 3_000_000, equityPercent: 40, ownerSalary: 650_000, growthPercent: 12.5,
    debt: 250_000, premisesSize: 420, ownPremises: true, companyForm: 'as', activeCustomers: true, recurringRevenue: true, ownerDependency: 'low',
    contractObligations: 'Leieavtale til 2030.', includedInSale: ['Inventar'], ownerComment: 'Godt drevet.', featured: true, views: 77, leadsCount: 2,
    createdAt: now, updatedAt: now, publishedAt: now, underOfferAt: now, images: 0, ...PRIVATE,
  });
  await db.insert(listingImages).values({ listingId, imageUrl: `/images/${listingId}/forside.webp`, storageKey: PRIVATE.storageKey });
  await createListing(owner.userId, { title: `Lignende ${word}`, industry: 'retail' });
  // The review queue reads the longest-waiting ten: this one waited since 1971.
  pendingId = await createListing(owner.userId, { title: `Venter ${word}`, status: 'pending', submittedAt: new Date('1971-01-01T00:00:00Z'), renewTokenHash: 'ab'.repeat(32) });
  await buyer.browser.call((c) => c.favorite.add({ listingId }));
  await buyer.browser.call((c) => c.message.contactSeller({ listingId, text: 'Hei, er bedriften fortsatt til salgs?', clientMessageId: crypto.randomUUID() }));
  await buyer.browser.call((c) => c.message.sendInquiry({ listingId, message: 'Kan jeg få se regnskapet?', name: 'Kari Kjøper' }));
  await buyer.browser.call((c) => c.report.create({ listingId, reason: 'other', comment: 'Bare en test.' }));
});

describe('what leaves the server: explicit fields only', () => {
  it('the listing has a value in every column (a new column must get one here)', async () => {
    const [row] = await db.select().from(listings).where(eq(listings.id, listingId));
    expect(Object.entries(row!).filter(([, value]) => value === null).map(([column]) => column)).toEqual([]);
  });

  it('listing.detail: the page’s fields, the same for a visitor, a buyer, the owner and an admin', async () => {
    const expected = [...PUBLIC_FORM, 'company', 'createdAt', 'documentCount', 'featured', 'id', 'images', 'leadsCount', 'publishedAt', 'sellerName', 'sellerVerified', 'status', 'underOffer', 'updatedAt', 'views'].sort();
    for (const detail of [
      await visitorCaller(h).listing.detail({ id: listingId }),
      await buyer.browser.call((c) => c.listing.detail({ id: listingId })),
      await owner.browser.call((c) => c.listing.detail({ id: listingId })),
      await admin.browser.call((c) => c.listing.detail({ id: listingId })),
    ]) {
      expect(keys(detail)).toEqual(['listing', 'similar']);
      expect(keys(detail.listing)).toEqual(expected);
      expect(detail.similar.length).toBeGreaterThan(0);
      for (const card of detail.similar) expect(keys(card)).toEqual(CARD);
      expectNoLeak(detail);
    }
  });

  it('cards: browse and the saved listings', async () => {
    const browse = await visitorCaller(h).listing.browse({ q: word });
    expect(browse.items.map((card) => card.id)).toContain(listingId);
    for (const card of browse.items) expect(keys(card)).toEqual(CARD);
    expectNoLeak(browse);
    const saved = await buyer.browser.call((c) => c.favorite.list({}));
    expect(keys(saved.find((item) => item.listingId === listingId))).toEqual(['createdAt', 'employees', 'imageUrl', 'industry', 'listingId', 'location', 'price', 'revenue', 'savedAt', 'state', 'title']);
    expectNoLeak(saved);
  });

  it('listing.viewer: whether the caller owns it, no page for a public listing (listing.detail has it), who the seller is to them, and the disclosure only to those who know the seller (decision 099)', async () => {
    const own = await owner.browser.call((c) => c.listing.viewer({ id: listingId }));
    expect(keys(own)).toEqual(['disclosure', 'isOwner', 'page', 'seller']);
    expect(own).toMatchObject({ isOwner: true, page: null, seller: { anonymous: false, name: 'Ola Selger', cardName: 'Selger AS' } });
    expect(keys(own.disclosure)).toEqual(['company', 'location', 'seller']);
    expect(keys(own.disclosure!.seller)).toEqual(['email', 'firm', 'name', 'phone']);
    // The owner's own number and phone, in the owner's own answer.
    expectNoLeak(own, ['orgnr', 'phone', 'ownerEmail']);
    const theirs = await buyer.browser.call((c) => c.listing.viewer({ id: listingId }));
    expect(theirs).toEqual({ isOwner: false, page: null, seller: { anonymous: false, name: 'Ola Selger', cardName: 'Selger AS', verified: false }, disclosure: null });
  });

  it('listing.sellerContact: name, e-mail and phone to a signed-in user, nothing more', async () => {
    const contact = await buyer.browser.call((c) => c.listing.sellerContact({ id: listingId }));
    expect(contact).toEqual({ name: 'Ola Selger', email: owner.email, phone: PRIVATE.phone });
    expectNoLeak(contact, ['ownerEmail', 'phone']);
  });

  it('the seller’s own views: the edit form, Mine annonser, Min profil', async () => {
    const form = await owner.browser.call((c) => c.seller.forEdit({ id: listingId }));
    expect(keys(form)).toEqual([...FORM, 'createdAt', 'id', 'images', 'pendingRevision', 'status'].sort());
    expectNoLeak(form, ['orgnr']);

    const mine = await owner.browser.call((c) => c.seller.mine());
    expect(keys(mine)).toEqual(['items', 'maxListings', 'plan', 'quotaRequest', 'quotaUsed']);
    const item = mine.items.find((row) => row.id === listingId);
    expect(keys(item)).toEqual(['createdAt', 'deactivation', 'expiresAt', 'id', 'imageUrl', 'industry', 'leadsCount', 'location', 'pendingRevision', 'price', 'rejection', 'revision', 'status', 'title', 'underOffer', 'views']);
    // The owner sees when the listing expires ('Utløper …'), nothing else of the lifecycle.
    expectNoLeak(mine, ['expiresAt']);

    const profile = await owner.browser.call((c) => c.profile.get());
    expect(keys(profile)).toEqual(['companyName', 'createdAt', 'email', 'fullName', 'hasPassword', 'maxListings', 'phone', 'plan', 'userType']);
    expectNoLeak(profile, ['ownerEmail', 'phone']);
    expect(keys(await owner.browser.call((c) => c.auth.me()))).toEqual(['email', 'fullName', 'id', 'isAdmin']);
  });

  it('messages: the inbox, a conversation and the received inquiries', async () => {
    const inbox = await owner.browser.call((c) => c.message.conversations({}));
    const conversation = inbox.items.find((row) => row.listingId === listingId);
    expect(keys(conversation)).toEqual(['counterpartId', 'counterpartName', 'counterpartVerified', 'lastMessage', 'listingId', 'listingTitle', 'unread']);
    expectNoLeak(inbox);
    const thread = await buyer.browser.call((c) => c.message.thread({ listingId, counterpartId: owner.userId }));
    expect(keys(thread)).toEqual(['counterpart', 'listing', 'messages', 'olderCursor']);
    expect(keys(thread.messages[0])).toEqual(['clientMessageId', 'createdAt', 'fromMe', 'id', 'listingId', 'read', 'text']);
    // The buyer writes to the owner: the conversation names them by id, never by e-mail or phone.
    expectNoLeak(thread, ['ownerId']);
    const inquiries = await owner.browser.call((c) => c.message.inquiries({}));
    expect(keys(inquiries.items.find((row) => row.listingId === listingId))).toEqual(['buyerEmail', 'buyerName', 'buyerVerified', 'createdAt', 'id', 'listingId', 'listingTitle', 'message']);
    expectNoLeak(inquiries);
  });

  it('admin: the listings, the edit dialog, users, the review queue and reports — more than others see, still by name', async () => {
    const list = await admin.browser.call((c) => c.admin.listings.list({ q: word }));
    expect(keys(list.items.find((row) => row.id === listingId))).toEqual(['createdAt', 'featured', 'id', 'industry', 'location', 'price', 'profit', 'revenue', 'status', 'title']);
    expectNoLeak(list);

    const dialog = await admin.browser.call((c) => c.admin.listings.get({ id: listingId }));
    expect(keys(dialog)).toEqual(['description', 'employees', 'established', 'featured', 'id', 'industry', 'location', 'price', 'profit', 'rawStatus', 'revenue', 'status', 'title']);
    expectNoLeak(dialog);

    const users = await admin.browser.call((c) => c.admin.users.list({ q: owner.email }));
    expect(keys(users.items.find((row) => row.id === owner.userId))).toEqual(['companyName', 'createdAt', 'email', 'fullName', 'id', 'listingCount', 'mailSuppressedAt', 'mailSuppression', 'maxListings', 'openRequest', 'phone', 'plan', 'self', 'userType', 'vippsVerified']);
    expectNoLeak(users, ['ownerId', 'ownerEmail', 'phone']);

    const queue = await admin.browser.call((c) => c.admin.overview.queue());
    const waiting = queue.find((row) => row.id === pendingId);
    expect(keys(waiting)).toEqual(['ageHours', 'company', 'confidential', 'createdAt', 'id', 'industry', 'location', 'nearLimit', 'overdue', 'ownerEmail', 'ownerName', 'submittedAt', 'title', 'version']);
    expect(JSON.stringify(queue)).not.toContain('ab'.repeat(32));
    expectNoLeak(queue, ['ownerEmail']);

    const reports = await admin.browser.call((c) => c.admin.reports.list());
    expect(keys(reports.reports.find((row) => row.listingId === listingId))).toEqual(['comment', 'createdAt', 'id', 'listingId', 'listingStatus', 'listingTitle', 'reason', 'reporterEmail', 'reporterName']);
    expectNoLeak(reports);
  });

  it('access (decision 096): the buyer sees the state, the seller name, e-mail, message and the version accepted, staff also when and from where', async () => {
    const confidential = await createListing(owner.userId, { title: `Konfidensiell ${word}`, status: 'active', confidential: true });
    await buyer.browser.call((c) => c.access.request({ listingId: confidential, acceptNda: true, ndaVersion: nda.version, message: 'Jeg vil se dokumentene.' }));
    const mine = await buyer.browser.call((c) => c.access.mine({ listingId: confidential }));
    expect(keys(mine)).toEqual(['createdAt', 'documentsOpen', 'status']);
    expectNoLeak(mine);
    const received = await owner.browser.call((c) => c.access.forSeller());
    // Never the buyer's network address: that is staff's, for disputes.
    expect(keys(received.find((row) => row.listingId === confidential))).toEqual(['answeredAt', 'buyerEmail', 'buyerName', 'buyerVerified', 'createdAt', 'documentsOpen', 'forSale', 'id', 'keptUntil', 'listingId', 'listingPublic', 'listingTitle', 'message', 'ndaAcceptedAt', 'ndaVersion', 'status']);
    expectNoLeak(received);
    const staff = await admin.browser.call((c) => c.admin.access.list({}));
    expect(keys(staff.items.find((row) => row.listingId === confidential))).toEqual(['answeredAt', 'buyerEmail', 'buyerId', 'buyerName', 'createdAt', 'id', 'keptUntil', 'listingId', 'listingTitle', 'ndaAcceptedAt', 'ndaAcceptedFrom', 'ndaVersion', 'status']);
    expectNoLeak(staff);
  });

  it('the data room: titles, pages and sizes to a buyer with access, never keys or file names; the log to the owner (decision 097)', async () => {
    const documentId = crypto.randomUUID();
    const storageKey = `documents/${listingId}/${crypto.randomUUID()}.pdf`;
    await db.insert(listingDocuments).values({ id: documentId, listingId, ownerId: owner.userId, status: 'ready', storageKey, title: 'Årsregnskap 2025', fileName: 'privat-filnavn.pdf', size: 1234, pages: 3 });
    await db.insert(accessRequests).values({ listingId, buyerId: buyer.userId, status: 'granted', ndaVersion: '2026-11-1', ndaAcceptedAt: new Date(), ndaAcceptedFrom: '127.0.0.1' });
    await db.insert(documentDownloads).values({ documentId, listingId, userId: buyer.userId, documentTitle: 'Årsregnskap 2025', downloadedAt: new Date() });
    const list = await buyer.browser.call((c) => c.dataRoom.list({ listingId }));
    expect(keys(list)).toEqual(['canManage', 'documents']);
    expect(keys(list.documents[0])).toEqual(['createdAt', 'id', 'pages', 'size', 'title']);
    expect(JSON.stringify(list)).not.toContain(storageKey);
    expect(JSON.stringify(list)).not.toContain('privat-filnavn');
    expectNoLeak(list);
    const log = await owner.browser.call((c) => c.dataRoom.downloads({ listingId }));
    expect(keys(log[0])).toEqual(['documentTitle', 'downloadedAt', 'email', 'id', 'name']);
    expect(JSON.stringify(log)).not.toContain(documentId);
    expectNoLeak(log);
  });
});
