import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '@bedriftstorget/api/config';
import { encodeCursor } from '@bedriftstorget/api/paging/newest-first';
import { appSettings } from '@bedriftstorget/core/settings/settings.sql';
import { DEFAULT_SETTINGS } from '@bedriftstorget/core/settings/schemas';
import { uploads } from '@bedriftstorget/core/listing/listing.sql';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { nda } from '@bedriftstorget/core/texts/access';
import { createListing, listingFields } from './fixtures';
import { TERMS } from './offer-helpers';
import { db, uniqueEmail } from './harness';
import { GOOGLE_COOKIES, VIPPS_COOKIES, type World } from './hostile-world';
import { openQuotaRequest } from './quota-request-helpers';

/**
 * A valid input for every procedure (decision record 059), with ids of rows that exist and belong
 * to the caller, so the handler runs past its lookups. The hostile suite makes one field at a time
 * hostile and keeps the rest as here. A procedure without a row fails 'has a valid fixture for
 * every procedure'.
 *
 * - `input` is called for every request: ids that a call uses up (a new listing, a one-time token,
 *   a message id) are made fresh each time.
 * - `as`: who sends it; by default the role that passes the access check (visitor for public
 *   procedures, the owner for signed-in ones, the admin for admin ones).
 * - `status`: what the valid input answers (200 unless the handler must refuse even it).
 * - `batch`: calls per request where a rule counts within one request (at most 20).
 * - `before`: run before each request, to undo what the previous one used up.
 * - `refusalWrites`: tables a refusal writes by design (the reason beside it).
 */
export interface Target {
  input?: (w: World) => unknown;
  as?: 'visitor' | 'owner' | 'admin';
  status?: number;
  batch?: number;
  cookie?: string;
  config?: Partial<Config>;
  before?: (w: World) => Promise<unknown>;
  refusalWrites?: string[];
}

const browse = { q: 'verksted', industry: 'craft', location: 'Bergen', hideUnderOffer: false, minPrice: 0, maxPrice: 5_000_000, minRevenue: 0, maxRevenue: 10_000_000, minProfit: -1_000_000, maxProfit: 10_000_000 };
const adminCursor = (w: World) => encodeCursor({ createdAt: new Date(), id: w.pending });
const conversation = (w: World) => ({ listingId: w.active, counterpartId: w.buyer.userId });

export const targets: Record<string, Target> = {
  'auth.me': {},
  'auth.providers': {},
  'privacy.contact': {},
  'auth.signUp': { input: () => ({ email: uniqueEmail('fiende'), password: 'hemmelig1', acceptTerms: true }) },
  'auth.confirmEmail': { input: async (w) => ({ token: await w.confirmToken() }) },
  // The right password for an address signed up but not confirmed is refused (403) and mails a new link:
  // the address comes from auth.signUp's own run, which signs up the values aimed at its e-mail field.
  'auth.signIn': { input: (w) => ({ email: w.owner.email, password: w.owner.password }), refusalWrites: ['email_tokens'] },
  // Every call ends the session it came with: the first is the owner's, the rest come as visitors (401).
  'auth.signOut': {},
  'auth.requestPasswordReset': { input: (w) => ({ email: w.owner.email }) },
  'auth.resendConfirmation': { input: (w) => ({ email: w.owner.email }) },
  'auth.resetLinkValid': { input: async (w) => ({ token: await w.resetToken() }) },
  'auth.resetPassword': { input: async (w) => ({ token: await w.resetToken(), password: 'nytt-passord' }) },
  'auth.googleStart': { input: () => ({ acceptTerms: true }) },
  'auth.googleCallback': { input: () => ({ code: 'kode-fra-google', state: 's1' }), cookie: GOOGLE_COOKIES },
  'vipps.start': { input: () => ({ intent: 'login', acceptTerms: true }) },
  'vipps.callback': { input: () => ({ search: 'code=kode-fra-vipps&state=s1' }), cookie: VIPPS_COOKIES },
  // No Vipps sign-in waits for proof (no link cookie, no such mailed token): refused, and nothing changes.
  'vipps.linkWithPassword': { input: () => ({ password: 'hemmelig1' }), status: 400 },
  'vipps.sendLinkMail': { status: 400 },
  'vipps.confirmLink': { input: () => ({ token: 'x'.repeat(43) }), status: 400 },
  'vipps.status': {},
  'realtime.config': {},
  'realtime.ablyToken': { config: { runtime: 'aws', ably: { key: 'appid.keyid:secretsecret' } } },
  'listing.browse': { input: () => ({ ...browse, sort: 'price_asc', limit: 12 }) },
  'listing.browseCount': { input: () => browse },
  'listing.landing': {},
  'listing.locations': {},
  'listing.reviewPromise': {},
  'listing.renewByToken': { input: async (w) => ({ token: await w.renewToken() }) },
  'listing.detail': { input: (w) => ({ id: w.active }) },
  'listing.sellerContact': { input: (w) => ({ id: w.buyersListing }) },
  'listing.viewer': { input: (w) => ({ id: w.buyersListing }) },
  'listing.recordView': { input: (w) => ({ id: w.buyersListing }) },
  'favorite.ids': {},
  'favorite.count': {},
  'favorite.list': { input: () => ({ sort: 'price_desc' }) },
  'favorite.add': { input: (w) => ({ listingId: w.buyersListing }) },
  'favorite.remove': { input: (w) => ({ listingId: w.buyersListing }) },
  'savedSearch.list': {},
  'savedSearch.create': {
    input: () => ({ name: 'Verksteder i Bergen', alerts: 'instant', filters: browse }),
    // At most 50 saved searches per user: the ones made by earlier requests go first.
    before: (w) => db.delete(savedSearches).where(and(eq(savedSearches.userId, w.owner.userId), ne(savedSearches.id, w.savedSearch))),
  },
  'savedSearch.rename': { input: (w) => ({ id: w.savedSearch, name: 'Nytt navn' }) },
  'savedSearch.setAlerts': { input: (w) => ({ id: w.savedSearch, alerts: 'never' }) },
  'savedSearch.remove': { input: (w) => ({ id: w.savedSearch }) },
  'savedSearch.unsubscribe': { input: (w) => ({ token: w.unsubscribeToken }) },
  'message.unreadCount': {},
  'message.conversations': { input: () => ({}) },
  'message.thread': { input: conversation },
  'message.markRead': { input: conversation },
  'message.contactSeller': { input: (w) => ({ listingId: w.buyersListing, text: 'Hei, er bedriften fortsatt til salgs?', clientMessageId: crypto.randomUUID() }) },
  'message.reply': { input: (w) => ({ ...conversation(w), text: 'Svar fra selger', clientMessageId: crypto.randomUUID() }) },
  'message.sendInquiry': {
    input: (w) => ({ listingId: w.buyersListing, message: 'Kan jeg få se regnskapet?', name: 'Eva Eier' }),
    // The name is asked for (and saved) only while the profile has none.
    before: (w) => db.update(profiles).set({ fullName: null }).where(eq(profiles.id, w.owner.userId)),
    batch: 1,
  },
  'message.inquiries': { input: () => ({}) },
  'seller.mine': {},
  'seller.stats': {},
  'seller.forEdit': { input: (w) => ({ id: w.pending }) },
  'seller.create': { input: (w) => w.newListing() },
  // An upload attached by an earlier save counts as the image it became: every save gets through.
  'seller.update': { input: (w) => ({ id: w.pending, fields: listingFields, images: [{ uploadId: w.upload }] }) },
  'seller.delete': { input: (w) => ({ id: w.pending }) },
  'seller.markSold': { input: (w) => ({ id: w.active }) },
  'seller.setUnderOffer': { input: (w) => ({ id: w.active, underOffer: true }) },
  'seller.renew': { input: (w) => ({ id: w.active }) },
  'seller.presignUpload': {
    input: (w) => ({ listingId: w.pending, contentType: 'image/webp', index: 3 }),
    // At most five images per listing, waiting uploads included.
    before: (w) => db.delete(uploads).where(and(eq(uploads.listingId, w.pending), isNull(uploads.attachedAt), ne(uploads.id, w.upload))),
    batch: 1,
  },
  'seller.confirmUpload': { input: async (w) => ({ uploadId: await w.postedUpload() }) },
  'seller.removeUpload': { input: async (w) => ({ uploadId: await w.postedUpload() }) },
  'seller.rememberDraft': { input: () => ({ email: uniqueEmail('utkast'), title: 'Mitt verksted' }) },
  'seller.lookupCompany': { input: () => ({ orgnr: '910000101' }) },
  'dataRoom.list': { input: (w) => ({ listingId: w.active }) },
  'dataRoom.downloads': { input: (w) => ({ listingId: w.active }) },
  'dataRoom.presignUpload': {
    input: (w) => ({ listingId: w.pending, fileName: 'Årsregnskap 2025.pdf', size: 1000 }),
    // At most ten uploads wait per listing.
    before: (w) => db.delete(listingDocuments).where(and(eq(listingDocuments.listingId, w.pending), eq(listingDocuments.status, 'pending'))),
    batch: 1,
  },
  'dataRoom.confirmUpload': { input: async (w) => ({ documentId: await w.postedDocument() }) },
  'dataRoom.rename': { input: (w) => ({ documentId: w.document, title: 'Skattemelding 2025' }) },
  'dataRoom.remove': { input: async (w) => ({ documentId: await w.readyDocument() }) },
  'dataRoom.download': { input: (w) => ({ documentId: w.document }) },
  'profile.get': {},
  'profile.exportData': {},
  'profile.update': { input: () => ({ fullName: 'Eva Eier', companyName: 'Eier AS', phone: '912 34 567' }) },
  // A wrong password reaches the check and changes nothing but the sign-in failure count (the right one would delete the owner).
  'profile.deleteAccount': { input: () => ({ password: 'ikke-passordet' }), status: 400, refusalWrites: ['rate_limits'] },
  // The owner has a password: the link is refused after the account's lookup.
  'profile.requestDeletionLink': { status: 400 },
  'auth.confirmDeletion': { input: async (w) => ({ token: await w.deleteToken() }) },
  // As the owner: the listing is linked only after the ownership lookup.
  'valuation.estimate': { input: (w) => ({ industry: 'services', revenue: 2_000_000, profit: 400_000, email: 'verdi@example.no', listingId: w.pending }), as: 'owner' },
  'admin.overview.stats': {},
  'admin.overview.queue': {},
  'admin.overview.revisions': {},
  'admin.review.approve': { input: async (w) => ({ ids: [await w.freshPending()], versions: [1] }) },
  'admin.review.reject': { input: async (w) => ({ ids: [await w.freshPending()], versions: [1], reason: 'other', note: 'Mangler regnskap for i fjor.' }) },
  'admin.listings.list': { input: (w) => ({ q: 'verksted', status: 'all', industry: 'craft', cursor: adminCursor(w) }) },
  'admin.listings.exportCsv': { input: () => ({ q: 'verksted', status: 'pending', industry: 'all' }) },
  'admin.listings.get': { input: (w) => ({ id: w.pending }) },
  'admin.listings.update': {
    input: (w) => {
      const { title, industry, location, price, revenue, profit, employees, established, description } = listingFields;
      return { id: w.active, patch: { title, industry, location, price, revenue, profit, employees, established, description, status: 'active', featured: true } };
    },
  },
  'admin.listings.remove': { input: async (w) => ({ id: await w.freshPending() }) },
  'admin.listings.bulk': { input: async (w) => ({ ids: [await w.freshPending()], action: 'feature' }) },
  'admin.users.list': { input: (w) => ({ q: 'example', cursor: adminCursor(w) }) },
  'admin.users.remove': { input: async (w) => ({ id: await w.freshUser() }) },
  // A fresh request each time: an answered one is refused (CONFLICT), so each hostile value gets an open one.
  'admin.users.answerRequest': { input: async (w) => ({ id: await openQuotaRequest(await w.freshUser()), decision: 'grant', maxListings: 10, plan: 'pro', note: 'Vi øker grensen.' }) },
  'admin.users.update': { input: (w) => ({ id: w.buyer.userId, fullName: 'Kari Kjøper', companyName: 'Kjøper AS', phone: '+4791234567', userType: 'company', plan: 'pro', maxListings: 5 }) },
  'admin.log.list': {},
  'admin.settings.get': {},
  // Every worker's later test files share these settings: each request starts from the defaults (and the run ends on them).
  'admin.settings.update': { input: () => DEFAULT_SETTINGS, before: () => db.update(appSettings).set(DEFAULT_SETTINGS).where(eq(appSettings.id, 1)), batch: 1 },
  'admin.valuations.list': { input: (w) => ({ cursor: adminCursor(w) }) },
  'admin.valuations.setStatus': { input: async (w) => ({ id: await w.valuation(), status: 'contacted' }) },
  'admin.stats.review': {},
  'admin.stats.activity': { input: () => ({ days: 30, bucket: 'week' }) },
  'report.create': { input: (w) => ({ listingId: w.buyersListing, reason: 'other', comment: 'Ser ut som en kopi av en annen annonse.' }) },
  'admin.reports.list': { input: (w) => ({ cursor: adminCursor(w) }) },
  'admin.reports.count': {},
  'admin.reports.dismiss': { input: (w) => ({ id: w.report }) },
  'admin.reports.deactivate': { input: (w) => ({ id: w.report, note: 'Ikke i orden.' }) },
  'access.request': { input: async (w) => ({ listingId: await w.freshConfidential(), acceptNda: true, ndaVersion: nda.version, message: 'Jeg vil gjerne se regnskapet.' }) },
  'access.mine': { input: (w) => ({ listingId: w.buyersListing }) },
  'access.forSeller': {},
  'access.grant': { input: (w) => ({ id: w.accessRequest }) },
  'access.decline': { input: (w) => ({ id: w.accessRequest }) },
  'access.withdraw': { input: (w) => ({ id: w.grantedRequest }) },
  'access.reopen': { input: (w) => ({ id: w.soldRequest }) },
  'admin.access.list': { input: (w) => ({ cursor: adminCursor(w) }) },
  // 'Gi bud': an offer on a fresh listing each time (one standing offer per buyer and listing).
  // The world's owner has a grant of 10 000 (more than anyone may ask for): back to the setting's limit first.
  'seller.requestMoreListings': { input: () => ({ wanted: 50, message: 'Jeg har flere bedrifter å selge.' }), before: async (w) => { await db.update(profiles).set({ maxListings: null }).where(eq(profiles.id, w.owner.userId)); } },
  'offer.make': { input: async (w) => ({ listingId: await createListing(w.buyer.userId, { status: 'active' }), ...TERMS, financing: [...TERMS.financing], conditions: [...TERMS.conditions], takeoverDate: '', message: 'Vi vil gjerne overta.' }) },
  'offer.mine': { input: () => ({}) },
  'offer.forSeller': { input: (w) => ({ listingId: w.active }) },
  'offer.standing': { input: (w) => ({ listingId: w.buyersListing }) },
  'offer.accept': { input: async (w) => ({ offerId: await w.freshOffer() }) },
  'offer.decline': { input: async (w) => ({ offerId: await w.freshOffer(), reason: 'For lavt bud.' }) },
  'offer.counter': { input: async (w) => ({ offerId: await w.freshOffer(), ...TERMS, price: 3_000_000, financing: [...TERMS.financing], conditions: [], message: 'Mitt motbud.' }) },
  'offer.withdraw': { input: async (w) => ({ offerId: await w.freshOffer() }) },
  'offer.loi': { input: (w) => ({ offerId: w.acceptedOffer }) },
  'admin.listings.offers': { input: (w) => ({ id: w.active }) },
};
