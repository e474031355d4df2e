import { insertOffer } from './offer-helpers';
import { eq } from 'drizzle-orm';
import type { GoogleOAuth } from '@bedriftstorget/api/auth/google';
import type { VippsLogin } from '@bedriftstorget/api/auth/vipps';
import { consent } from '@bedriftstorget/core/texts/privacy';
import type { Config } from '@bedriftstorget/api/config';
import { createEmailToken } from '@bedriftstorget/api/auth/tokens';
import { newRenewToken } from '@bedriftstorget/api/listing/lifecycle';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { signedInAdmin } from './admin-helpers';
import { createListing, listingFields } from './fixtures';
import { createHarness, db, signedInUser, testConfig, uniqueEmail, type Harness } from './harness';
import { PNG, S3_PORT } from './seller-helpers';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { pdf, uploadDocument } from './data-room-helpers';

const PDF = await pdf(1);

/**
 * The rows the hostile-input fixtures point at (decision record 059): an owner with a pending and
 * an active listing, a verified upload, a favourite, a saved search, a buyer's message and inquiry,
 * a report by the buyer, an admin; so each procedure's handler runs past its lookups. One world per
 * procedure: what one procedure deletes or changes cannot starve another.
 */
export type World = Awaited<ReturnType<typeof hostileWorld>>;

/** Google's servers cannot be reached here: a stand-in that signs in whoever brings the cookies' state. */
// With the consent step's box ticked: the stand-in's Google user is new, and an account needs it (decision 089).
export const GOOGLE_COOKIES = `bt_google_state=s1; bt_google_verifier=verifier-1; bt_google_consent=${consent.version}`;
const google: GoogleOAuth = {
  start: () => ({ url: new URL('https://accounts.google.com/o/oauth2/v2/auth?state=s1'), state: 's1', codeVerifier: 'verifier-1' }),
  finish: () => Promise.resolve({ sub: 'hostile-google-user', email: 'google-fiende@example.no', emailVerified: true }),
};

/** Vipps Login's stand-in here (the real client against the local Vipps is tested in vipps-*.test.ts): one person, new at first. */
const vippsFlow = { state: 's1', nonce: 'n1', codeVerifier: 'v'.repeat(43), intent: 'login', userId: null, consent: consent.version };
export const VIPPS_COOKIES = `bt_vipps_flow=${Buffer.from(JSON.stringify(vippsFlow)).toString('base64url')}`;
const vipps: VippsLogin = {
  start: () => Promise.resolve({ url: 'https://apitest.vipps.no/access-management-1.0/access/oauth2/auth?state=s1', checks: { state: 's1', nonce: 'n1', codeVerifier: 'v'.repeat(43) } }),
  finish: () => Promise.resolve({ sub: 'hostile-vipps-user', name: 'Vipps Fiende', email: 'vipps-fiende@example.no', emailVerified: true, phone: '4790000000' }),
};

/**
 * The local S3 (started by seller-helpers) for uploads, a Google stand-in, and limits a thousand
 * times higher: the limits are tested in abuse.test.ts, here they would stop the hostile values
 * before the code behind them.
 */
export function hostileHarness(config: Partial<Config> = {}): Harness {
  const local = testConfig().local!;
  return createHarness({ config: { local: { ...local, s3Port: S3_PORT }, rateLimitMultiplier: 1000, ...config }, google, vipps });
}

/** A user straight into the database (no sign-up round trip): tokens for one-time links need their own user. */
async function bareUser(verified: boolean): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: uniqueEmail('lenke'), emailVerified: verified });
  await db.insert(profiles).values({ id });
  return id;
}

export async function hostileWorld(h: Harness) {
  const owner = await signedInUser(h);
  const buyer = await signedInUser(h);
  const admin = await signedInAdmin(h);
  // A name (inquiries need one) and room for every listing the suite submits.
  await db.update(profiles).set({ fullName: 'Eva Eier', maxListings: 10_000 }).where(eq(profiles.id, owner.userId));
  const pending = await createListing(owner.userId, { status: 'pending' });
  const active = await createListing(owner.userId, { status: 'active' });
  const buyersListing = await createListing(buyer.userId, { status: 'active' });
  const upload = (await verifiedUploads(owner.userId, 1, pending))[0]!.id;
  const uploadPool: { id: string; listingId: string }[] = [];
  await owner.browser.call((c) => c.favorite.add({ listingId: buyersListing }));
  await buyer.browser.call((c) => c.message.contactSeller({ listingId: active, text: 'Hei, er bedriften til salgs?', clientMessageId: crypto.randomUUID() }));
  await buyer.browser.call((c) => c.message.sendInquiry({ listingId: active, message: 'Kan jeg få se regnskapet?', name: 'Kari Kjøper' }));
  await buyer.browser.call((c) => c.report.create({ listingId: active, reason: 'wrong_info', comment: 'Tallene stemmer ikke.' }));
  const { id: savedSearch } = await owner.browser.call((c) => c.savedSearch.create({ name: 'Verksteder', alerts: 'daily', filters: { q: 'verksted' } }));
  const [search] = await db.select({ token: savedSearches.unsubscribeToken }).from(savedSearches).where(eq(savedSearches.id, savedSearch));
  const [{ id: report }] = (await db.select({ id: listingReports.id }).from(listingReports).where(eq(listingReports.listingId, active))) as [{ id: string }];
  // 'Be om tilgang' (decision 096): the buyer's pending request on a confidential listing of the owner's, and a granted one.
  const confidential = await createListing(owner.userId, { status: 'active', confidential: true });
  await buyer.browser.call((c) => c.access.request({ listingId: confidential, acceptNda: true, ndaVersion: nda.version, message: 'Jeg vil se dokumentene.' }));
  const [asked] = await db.select({ id: accessRequests.id }).from(accessRequests).where(eq(accessRequests.listingId, confidential));
  const grantedOn = await createListing(owner.userId, { status: 'active', confidential: true });
  const grantedRequest = crypto.randomUUID();
  await db.insert(accessRequests).values({ id: grantedRequest, listingId: grantedOn, buyerId: buyer.userId, status: 'granted', ndaVersion: nda.version, ndaAcceptedAt: new Date(), ndaAcceptedFrom: '10.0.0.1' });
  // A granted request on a sold listing: its data room closed until the owner reopens it (decision 101).
  const soldOn = await createListing(owner.userId, { status: 'sold', confidential: true });
  const soldRequest = crypto.randomUUID();
  await db.insert(accessRequests).values({ id: soldRequest, listingId: soldOn, buyerId: buyer.userId, status: 'granted', ndaVersion: nda.version, ndaAcceptedAt: new Date(), ndaAcceptedFrom: '10.0.0.1' });
  // A checked document in the data room of the active listing (decision 097).
  const { id: document } = await uploadDocument(owner.browser, active, PDF);
  // 'Gi bud': an accepted offer of the buyer's on the owner's listing, with its LOI to download.
  const acceptedOffer = await insertOffer(owner.userId, buyer.userId, { status: 'accepted' });
  const ids = [owner.userId, buyer.userId, admin.userId, pending, active, buyersListing, upload, savedSearch, report, document];

  return {
    owner, buyer, admin, pending, active, buyersListing, upload, savedSearch, report, document, ids,
    accessRequest: asked!.id, grantedRequest, soldRequest, acceptedOffer,
    /** A standing offer from the buyer on a fresh listing of the owner's, waiting for the owner's answer. */
    freshOffer: () => insertOffer(owner.userId, buyer.userId),
    /** A confidential listing of the buyer's for each request: one per asker and listing. */
    freshConfidential: () => createListing(buyer.userId, { status: 'active', confidential: true }),
    /** A PDF posted to a fresh listing's data room, not yet confirmed. */
    async postedDocument() {
      const listingId = await createListing(owner.userId, { status: 'active', images: 0 });
      const grant = await owner.browser.call((c) => c.dataRoom.presignUpload({ listingId, fileName: 'Årsregnskap.pdf', size: PDF.length }));
      const form = new FormData();
      for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
      form.append('file', new Blob([PDF], { type: 'application/pdf' }));
      const response = await fetch(`http://127.0.0.1:${S3_PORT}/listing-documents`, { method: 'POST', body: form });
      if (response.status >= 300) throw new Error(`upload to the local S3 failed: ${response.status}`);
      return grant.documentId;
    },
    /** A ready document row of its own (remove uses one up); its object need not exist to be deleted. */
    async readyDocument() {
      const id = crypto.randomUUID();
      await db.insert(listingDocuments).values({ id, listingId: active, ownerId: owner.userId, status: 'ready', storageKey: `documents/${active}/${id}.pdf`, title: 'Leiekontrakt', fileName: 'leie.pdf', size: 1000, pages: 1 });
      return id;
    },
    unsubscribeToken: search!.token,
    /** A new listing id with a verified upload made for it: seller.create reaches its insert every time. */
    async newListing() {
      // A hundred uploads in one statement: seller.create asks for hundreds, and each write waits for the disk.
      if (!uploadPool.length) uploadPool.push(...(await verifiedUploads(owner.userId, 100)));
      const { listingId, id } = uploadPool.pop()!;
      return { id: listingId, fields: listingFields, images: [{ uploadId: id }] };
    },
    freshPending: () => createListing(owner.userId, { status: 'pending' }),
    /** The one-click renew link's token for the active listing. */
    async renewToken() {
      const { token, hash } = newRenewToken();
      await db.update(listings).set({ renewTokenHash: hash, expiryWarnedAt: new Date() }).where(eq(listings.id, active));
      return token;
    },
    confirmToken: async () => createEmailToken(db, await bareUser(false), 'verify_email'),
    resetToken: async () => createEmailToken(db, await bareUser(true), 'reset_password'),
    /** 'Slett konto' by link and by an admin delete a user each time: one of their own. */
    deleteToken: async () => createEmailToken(db, await bareUser(true), 'delete_account'),
    freshUser: () => bareUser(true),
    async valuation() {
      const [row] = await db.insert(valuationRequests).values({ industry: 'craft', revenue: 1_000_000, profit: 100_000, lowValue: 1, highValue: 2 }).$returningId();
      return row!.id;
    },
    /** An upload presigned by the owner (for a listing of its own: five at most each), with a real image in the local S3, not yet confirmed. */
    async postedUpload() {
      const listingId = await createListing(owner.userId, { status: 'pending', images: 0 });
      const grant = await owner.browser.call((c) => c.seller.presignUpload({ listingId, contentType: 'image/png', index: 0 }));
      const form = new FormData();
      for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
      form.append('file', new Blob([PNG], { type: 'image/png' }));
      const response = await fetch(`http://127.0.0.1:${S3_PORT}/listing-images`, { method: 'POST', body: form });
      if (response.status >= 300) throw new Error(`upload to the local S3 failed: ${response.status}`);
      return grant.uploadId;
    },
  };
}

/** Uploads as confirmUpload leaves them (verified, with their final keys), each for a new listing id or all for `listingId`. */
async function verifiedUploads(userId: string, count: number, listingId?: string): Promise<{ id: string; listingId: string }[]> {
  const rows = Array.from({ length: count }, () => {
    const id = crypto.randomUUID();
    const listing = listingId ?? crypto.randomUUID();
    return {
      id, userId, listingId: listing, status: 'verified' as const, size: 1000, contentType: 'image/png',
      storageKey: `uploads/${userId}/${listing}_${id}.png`, finalKey: `listings/${listing}/${id}-800x600.webp`,
    };
  });
  await db.insert(uploads).values(rows);
  return rows.map(({ id, listingId: listing }) => ({ id, listingId: listing }));
}
