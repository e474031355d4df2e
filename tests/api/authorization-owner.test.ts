import { eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Config } from '@bedriftstorget/api/config';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import { favorites, listingImages, listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { offers } from '@bedriftstorget/core/offer/offer.sql';
import { insertOffer, TERMS } from './offer-helpers';
import { nda } from '@bedriftstorget/core/texts/access';
import { accessOf, outcome } from './authorization-matrix';
import { createListing, listingFields } from './fixtures';
import { createHarness, db, signedInUser, type Harness } from './harness';

/**
 * The owner and other-user columns of the authorization matrix (docs/architecture.md, 'Security'). For every procedure a
 * signed-in user can call, one row: either it acts on someone's own things (a listing, upload,
 * conversation, inquiry, favourite, profile, session…), and then the owner is allowed while
 * another signed-in user is refused or only ever reaches their own things — with nothing of the
 * owner's changed and nothing of the owner's in the answer — or it is `none` with the reason.
 * A procedure without a row fails the first test. Admin-only procedures have no row: owner and
 * other user are both plain users there, refused by the role (authorization.test.ts).
 */
type World = Awaited<ReturnType<typeof world>>;

type Row =
  | { none: string }
  | {
      input?: (w: World) => unknown;
      /** What the other signed-in user gets: a refusal, or OK where the call only reaches the caller's own things. */
      other: 'NOT_FOUND' | 'CONFLICT' | 'OK';
      /** The owner's answer names the owner's things (so the other's answer, which must not, is a real check). */
      ownerSees?: boolean;
      /** The other user's exact answer, where a count or an empty list is what "none of the owner's" looks like. */
      otherGets?: unknown;
      config?: Partial<Config>;
    };

const conversation = (w: World) => ({ listingId: w.active, counterpartId: w.buyer.userId });

const table: Record<string, Row> = {
  'auth.me': { other: 'OK', ownerSees: true },
  'auth.signOut': { other: 'OK' },
  'auth.providers': { none: 'no account involved' },
  'privacy.contact': { none: 'no account involved: an address from configuration' },
  'auth.signUp': { none: 'creates an account; never says whether the address has one (auth.test.ts)' },
  'auth.confirmEmail': { none: 'the token is the credential' },
  'auth.signIn': { none: 'the password is the credential' },
  'auth.requestPasswordReset': { none: 'answers the same for every address' },
  'auth.resendConfirmation': { none: 'answers the same for every address; only the mailbox learns anything' },
  'auth.resetPassword': { none: 'the token is the credential' },
  'auth.resetLinkValid': { none: 'the token is the credential; it is not spent' },
  'auth.confirmDeletion': { none: 'the token is the credential (account-delete-rules.test.ts)' },
  'auth.googleStart': { none: 'no account involved' },
  'auth.googleCallback': { none: 'Google is the credential' },
  'vipps.start': { none: 'no account involved (verify: the caller’s own, vipps-verify.test.ts)' },
  'vipps.callback': { none: 'Vipps is the credential; verify comes back to the account that started it (vipps-verify.test.ts)' },
  'vipps.linkWithPassword': { none: 'the browser’s link cookie and the password are the credential (vipps-link.test.ts)' },
  'vipps.sendLinkMail': { none: 'the browser’s link cookie is the credential; mails only the account’s own address' },
  'vipps.confirmLink': { none: 'the mailed token is the credential (vipps-link.test.ts)' },
  // The caller's own verification only: the other user, never verified, gets an empty one.
  'vipps.status': { other: 'OK', otherGets: { verified: false, verifiedAt: null, name: null, phone: null } },
  'realtime.config': { none: 'the same for every signed-in user' },
  // A token request for the caller's own channel only (realtime.test.ts checks the capability).
  'realtime.ablyToken': { other: 'OK', ownerSees: true, config: { runtime: 'aws', ably: { key: 'appid.keyid:secretsecret' } } },
  'listing.browse': { none: 'public listings only' },
  'listing.browseCount': { none: 'public listings only' },
  'listing.landing': { none: 'public listings only' },
  'listing.locations': { none: 'public listings only' },
  'listing.reviewPromise': { none: 'a setting the same for everyone' },
  'listing.recordView': { none: 'counts a view of a public listing by anyone, once a day (abuse.test.ts)' },
  'listing.detail': { none: 'public listings only, the same answer for everyone (the owner reads a pending one through listing.viewer)' },
  'listing.viewer': { input: (w) => ({ id: w.pending }), other: 'NOT_FOUND', ownerSees: true },
  'listing.sellerContact': { input: (w) => ({ id: w.pending }), other: 'NOT_FOUND', ownerSees: true },
  'favorite.ids': { other: 'OK', ownerSees: true, otherGets: [] },
  'favorite.count': { other: 'OK', otherGets: 0 },
  'favorite.list': { input: () => ({}), other: 'OK', ownerSees: true, otherGets: [] },
  'favorite.add': { input: (w) => ({ listingId: w.favourite }), other: 'OK' },
  'favorite.remove': { input: (w) => ({ listingId: w.favourite }), other: 'OK' },
  'savedSearch.list': { other: 'OK', ownerSees: true, otherGets: [] },
  'savedSearch.create': { input: () => ({ name: 'Et annet søk', alerts: 'never', filters: { q: 'bakeri' } }), other: 'OK' },
  'savedSearch.rename': { input: (w) => ({ id: w.savedSearch, name: 'Nytt navn' }), other: 'NOT_FOUND' },
  'savedSearch.setAlerts': { input: (w) => ({ id: w.savedSearch, alerts: 'never' }), other: 'NOT_FOUND' },
  'savedSearch.remove': { input: (w) => ({ id: w.savedSearch }), other: 'NOT_FOUND' },
  'savedSearch.unsubscribe': { none: 'the token in the alert mail is the credential (saved-search.test.ts)' },
  'report.create': { none: 'anyone signed in reports a public listing, once while open; the owner is refused (reports.test.ts)' },
  'message.unreadCount': { other: 'OK', otherGets: 0 },
  'message.conversations': { input: () => ({}), other: 'OK', ownerSees: true, otherGets: { items: [], nextCursor: null } },
  'message.thread': { input: conversation, other: 'NOT_FOUND', ownerSees: true },
  'message.markRead': { input: conversation, other: 'OK', otherGets: { marked: 0 } },
  'message.reply': { input: (w) => ({ ...conversation(w), text: 'Svar fra selger', clientMessageId: crypto.randomUUID() }), other: 'NOT_FOUND' },
  'message.contactSeller': { none: 'anyone signed in writes to the seller of a public listing; the owner is refused (messages.test.ts)' },
  'message.sendInquiry': { none: 'anyone signed in asks the seller of a public listing; the owner is refused (messages.test.ts)' },
  'message.inquiries': { input: () => ({}), other: 'OK', ownerSees: true },
  'seller.mine': { other: 'OK', ownerSees: true },
  'seller.stats': { other: 'OK' },
  'seller.forEdit': { input: (w) => ({ id: w.pending }), other: 'NOT_FOUND', ownerSees: true },
  'seller.create': { input: (w) => ({ id: w.pending, fields: listingFields, images: [{ imageId: w.imageId }] }), other: 'CONFLICT' },
  'seller.update': { input: (w) => ({ id: w.pending, fields: listingFields, images: [{ imageId: w.imageId }] }), other: 'NOT_FOUND' },
  'seller.delete': { input: (w) => ({ id: w.pending }), other: 'NOT_FOUND' },
  'seller.markSold': { input: (w) => ({ id: w.active }), other: 'NOT_FOUND' },
  'seller.setUnderOffer': { input: (w) => ({ id: w.active, underOffer: true }), other: 'NOT_FOUND' },
  'seller.renew': { input: (w) => ({ id: w.active }), other: 'NOT_FOUND' },
  'listing.renewByToken': { none: 'the token in the expiry mail is the credential (lifecycle.test.ts)' },
  'seller.presignUpload': { input: (w) => ({ listingId: w.pending, contentType: 'image/png', index: 1 }), other: 'NOT_FOUND' },
  'seller.confirmUpload': { input: (w) => ({ uploadId: w.uploadId }), other: 'NOT_FOUND' },
  // Another user's removal reaches only their own uploads: the owner's stays (ownerState).
  'seller.removeUpload': { input: (w) => ({ uploadId: w.uploadId }), other: 'OK' },
  'seller.rememberDraft': { none: 'a guest’s e-mail, no account; limited per address and network (abuse.test.ts)' },
  'seller.lookupCompany': { none: 'what the public registry says about a number the caller typed; no listing, no account (company-lookup.test.ts)' },
  // The data room (decision 097): the buyer with access has its own tests (data-room.test.ts).
  'dataRoom.list': { input: (w) => ({ listingId: w.pending }), other: 'NOT_FOUND', ownerSees: true },
  'dataRoom.downloads': { input: (w) => ({ listingId: w.pending }), other: 'NOT_FOUND' },
  'dataRoom.presignUpload': { input: (w) => ({ listingId: w.pending, fileName: 'Årsregnskap.pdf', size: 1000 }), other: 'NOT_FOUND' },
  'dataRoom.confirmUpload': { input: (w) => ({ documentId: w.document }), other: 'NOT_FOUND', ownerSees: true },
  'dataRoom.rename': { input: (w) => ({ documentId: w.document, title: 'Nytt navn' }), other: 'NOT_FOUND' },
  'dataRoom.remove': { input: (w) => ({ documentId: w.document }), other: 'NOT_FOUND' },
  'dataRoom.download': { none: 'reads and stamps the stored PDF: the owner, staff and a buyer with access download, anyone else gets NOT_FOUND (data-room.test.ts)' },
  'profile.get': { other: 'OK', ownerSees: true },
  'profile.exportData': { other: 'OK', ownerSees: true },
  'profile.update': { input: () => ({ fullName: 'Noen Andre', companyName: null, phone: null }), other: 'OK' },
  'profile.deleteAccount': { none: 'deletes the caller’s own account only, confirmed by its own password (account-delete-rules.test.ts)' },
  'profile.requestDeletionLink': { none: 'mails a link to the caller’s own address only (account-delete-rules.test.ts)' },
  // Anyone may estimate; the estimate is linked to a listing only when the caller owns it.
  'access.request': { none: 'anyone signed in asks on a public confidential listing; the owner is refused (access-requests.test.ts)' },
  'access.mine': { input: (w) => ({ listingId: w.confidential }), other: 'OK', otherGets: null },
  'access.forSeller': { other: 'OK', ownerSees: true, otherGets: [] },
  'access.grant': { input: (w) => ({ id: w.accessRequest }), other: 'NOT_FOUND' },
  'access.decline': { input: (w) => ({ id: w.accessRequest }), other: 'NOT_FOUND' },
  'access.withdraw': { input: (w) => ({ id: w.grantedRequest }), other: 'NOT_FOUND' },
  // Sold closes the data room; the owner opens it again for one buyer (decision 101).
  'access.reopen': { input: (w) => ({ id: w.soldRequest }), other: 'NOT_FOUND' },
  // 'Gi bud': the owner is the seller of a standing offer and of an accepted one.
  'seller.requestMoreListings': { none: 'asks for more listings on the caller’s own account; one waits at a time (quota-requests.test.ts)' },
  'offer.make': { none: 'anyone signed in offers on a public listing for sale; the owner is refused on their own (offers.test.ts)' },
  'offer.mine': { input: () => ({}), other: 'OK', otherGets: [] },
  'offer.forSeller': { input: () => ({}), other: 'OK', ownerSees: true, otherGets: [] },
  'offer.standing': { input: (w) => ({ listingId: w.active }), other: 'OK', otherGets: { offerId: null } },
  'offer.accept': { input: (w) => ({ offerId: w.offer }), other: 'NOT_FOUND' },
  'offer.decline': { input: (w) => ({ offerId: w.offer, reason: 'Nei takk' }), other: 'NOT_FOUND' },
  'offer.counter': { input: (w) => ({ offerId: w.offer, ...TERMS, financing: [...TERMS.financing], conditions: [] }), other: 'NOT_FOUND' },
  'offer.withdraw': { input: (w) => ({ offerId: w.offer }), other: 'NOT_FOUND' },
  'offer.loi': { none: 'writes and links the LOI in the documents bucket: the two parties download, anyone else (staff too) gets NOT_FOUND (offers.test.ts)' },
  'valuation.estimate': { input: (w) => ({ industry: 'services', revenue: 2_000_000, profit: 400_000, listingId: w.pending }), other: 'OK' },
};

/** An owner with a pending and an active listing, an upload, a favourite, a saved search, a buyer's message and inquiry; and another user. */
async function world(h: Harness) {
  const owner = await signedInUser(h);
  const other = await signedInUser(h);
  const buyer = await signedInUser(h);
  const mark = crypto.randomUUID().slice(0, 8);
  const ownerName = `Eier ${mark}`;
  await db.update(profiles).set({ fullName: ownerName }).where(eq(profiles.id, owner.userId));
  const pending = await createListing(owner.userId, { status: 'pending' });
  const active = await createListing(owner.userId, { status: 'active' });
  const [image] = await db.select({ id: listingImages.id }).from(listingImages).where(eq(listingImages.listingId, pending));
  const uploadId = crypto.randomUUID();
  await db.insert(uploads).values({
    id: uploadId, userId: owner.userId, listingId: pending, storageKey: `uploads/${owner.userId}/${pending}_1_0.png`,
    finalKey: `listings/${pending}/${crypto.randomUUID()}-800x600.webp`, contentType: 'image/png', status: 'verified', size: 1000,
  });
  const favourite = await createListing(buyer.userId, { status: 'active' });
  await owner.browser.call((c) => c.favorite.add({ listingId: favourite }));
  const buyerText = `Hei, er bedriften til salgs? ${mark}`;
  await buyer.browser.call((c) => c.message.contactSeller({ listingId: active, text: buyerText, clientMessageId: crypto.randomUUID() }));
  const inquiryText = `Kan jeg få se regnskapet? ${mark}`;
  await buyer.browser.call((c) => c.message.sendInquiry({ listingId: active, message: inquiryText, name: 'Kari Kjøper' }));
  // 'Be om tilgang' (decision 096): a pending request on one confidential listing, a granted one on another.
  const confidential = await createListing(owner.userId, { status: 'active', confidential: true });
  const accessText = `Jeg vil se dokumentene ${mark}`;
  await buyer.browser.call((c) => c.access.request({ listingId: confidential, acceptNda: true, ndaVersion: nda.version, message: accessText }));
  const [asked] = await db.select({ id: accessRequests.id }).from(accessRequests).where(eq(accessRequests.listingId, confidential));
  const grantedOn = await createListing(owner.userId, { status: 'active', confidential: true });
  const grantedRequest = crypto.randomUUID();
  await db.insert(accessRequests).values({ id: grantedRequest, listingId: grantedOn, buyerId: buyer.userId, status: 'granted', ndaVersion: nda.version, ndaAcceptedAt: new Date(), ndaAcceptedFrom: '10.0.0.1' });
  const soldOn = await createListing(owner.userId, { status: 'sold', confidential: true });
  const soldRequest = crypto.randomUUID();
  await db.insert(accessRequests).values({ id: soldRequest, listingId: soldOn, buyerId: buyer.userId, status: 'granted', ndaVersion: nda.version, ndaAcceptedAt: new Date(), ndaAcceptedFrom: '10.0.0.1' });
  const searchName = `Søk ${mark}`;
  const { id: savedSearch } = await owner.browser.call((c) => c.savedSearch.create({ name: searchName, alerts: 'never', filters: { q: 'kafé' } }));
  const documentTitle = `Årsregnskap ${mark}`;
  const document = crypto.randomUUID();
  await db.insert(listingDocuments).values({ id: document, listingId: pending, ownerId: owner.userId, status: 'ready', storageKey: `documents/${pending}/${document}.pdf`, title: documentTitle, fileName: 'a.pdf', size: 1000, pages: 1 });
  const offerText = `Mitt bud ${mark}`;
  const { offerId: offer } = await buyer.browser.call((c) => c.offer.make({ listingId: active, ...TERMS, financing: [...TERMS.financing], conditions: [], message: offerText }));
  const acceptedOffer = await insertOffer(owner.userId, buyer.userId, { status: 'accepted' });
  const secrets = [owner.userId, owner.email, ownerName, pending, uploadId, favourite, buyerText, inquiryText, savedSearch, searchName, accessText, documentTitle, offerText];
  return { owner, other, buyer, pending, active, imageId: image!.id, uploadId, favourite, savedSearch, confidential, accessRequest: asked!.id, grantedRequest, soldRequest, document, offer, acceptedOffer, secrets };
}

/** Everything that belongs to the owner, as stored: what a refused call must leave as it was. */
async function ownerState(w: World) {
  const id = w.owner.userId;
  const own = [w.pending, w.active];
  return {
    user: await db.select().from(users).where(eq(users.id, id)),
    profile: await db.select().from(profiles).where(eq(profiles.id, id)),
    sessions: await db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(sessions.id),
    listings: await db.select().from(listings).where(eq(listings.ownerId, id)).orderBy(listings.id),
    images: await db.select().from(listingImages).where(inArray(listingImages.listingId, own)).orderBy(listingImages.id),
    uploads: await db.select().from(uploads).where(eq(uploads.userId, id)).orderBy(uploads.id),
    favorites: await db.select().from(favorites).where(eq(favorites.userId, id)),
    messages: await db.select().from(messages).where(or(eq(messages.senderId, id), eq(messages.receiverId, id))).orderBy(messages.id),
    leads: await db.select().from(leads).where(inArray(leads.listingId, own)).orderBy(leads.id),
    valuations: await db.select().from(valuationRequests).where(inArray(valuationRequests.listingId, own)).orderBy(valuationRequests.id),
    savedSearches: await db.select().from(savedSearches).where(eq(savedSearches.userId, id)).orderBy(savedSearches.id),
    accessRequests: await db.select().from(accessRequests).where(inArray(accessRequests.id, [w.accessRequest, w.grantedRequest, w.soldRequest])).orderBy(accessRequests.id),
    documents: await db.select().from(listingDocuments).where(eq(listingDocuments.ownerId, id)).orderBy(listingDocuments.id),
    offers: await db.select().from(offers).where(eq(offers.sellerId, id)).orderBy(offers.id),
  };
}

const procedures = Object.keys(appRouter._def.procedures);

describe('authorization matrix: owner and other user', () => {
  it('has an owner/other row for every procedure a signed-in user can call', () => {
    const needed = procedures.filter((p) => accessOf(p) !== 'admin');
    expect(needed.filter((p) => !(p in table))).toEqual([]);
    expect(Object.keys(table).filter((p) => !needed.includes(p))).toEqual([]);
  });

  for (const [path, row] of Object.entries(table)) {
    if ('none' in row) continue;
    it(`${path}: the owner is allowed, another user ${row.other === 'OK' ? 'reaches only their own' : `gets ${row.other}`}, nothing of the owner's changes`, async () => {
      const h = createHarness(row.config ? { config: row.config } : {});
      const w = await world(h);
      const input = row.input?.(w);

      const before = await ownerState(w);
      const other = await outcome(w.other.browser, path, input);
      expect(other.code).toBe(row.other);
      expect(await ownerState(w)).toEqual(before);
      const leaked = w.secrets.filter((secret) => JSON.stringify(other.result ?? null).includes(secret));
      expect(leaked).toEqual([]);
      if ('otherGets' in row) expect(other.result).toEqual(row.otherGets);

      const owner = await outcome(w.owner.browser, path, input);
      expect(owner.code).toBe('OK');
      if (row.ownerSees) expect(w.secrets.filter((secret) => JSON.stringify(owner.result).includes(secret))).not.toEqual([]);
    }, 60_000);
  }
});
