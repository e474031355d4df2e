import { nda } from '@bedriftstorget/core/texts/access';
import type { ConfidentialWorld } from './confidential-world';
import { SELLER } from './confidential-world';

/**
 * What every procedure's answer can tell about people (decision 099), like the authorization matrix: a
 * procedure without a row fails `seller-identity.test.ts`, so adding one means deciding here whether
 * it can name a seller — or a confidential listing's company or town — to a buyer.
 * - `seller`: can name a listing's seller, company or place to buyers: its answer is made by the one
 *   rule (`sellerDisplay`, `publicLocation`), and the leak test reads it as every viewer.
 * - `listing`: listing data without the seller (cards, counts); read as every viewer too.
 * - `own`: the caller's own account or things only.
 * - `buyers`: buyers' names and contacts, to the seller of their own listings (ownership in the query).
 * - `none`: no person's name or contact and no listing's place.
 * - `staff`: admin only; staff see everything (decision 095).
 * `read` is the call the leak test makes as each viewer (several inputs: each is read); procedures it
 * does not call say why in `notRead`. The world's journey makes the calls that change it (contact,
 * reply, requests, favourites, saved searches) and keeps their answers for the scan.
 */
export type PersonData = 'seller' | 'listing' | 'own' | 'buyers' | 'none' | 'staff';
type W = ConfidentialWorld;
export type Row = { data: PersonData; read?: (w: W) => unknown[]; notRead?: string };

const none = { data: 'none' } as const;
const noInput = () => [undefined];
const byId = (w: W) => [{ id: w.listingId }];
const byListing = (w: W) => [{ listingId: w.listingId }];
const withSeller = (w: W) => [{ listingId: w.listingId, counterpartId: w.seller.userId }];
const ownAccount = 'acts on the caller’s own account and answers about it alone';
const offerIds = (w: W) => [{ offerId: w.acceptedOfferId }, { offerId: w.closedOfferId }];
const offerTerms = { price: 2_000_000, dealType: 'assets', financing: ['loan'], conditions: [], days: 7 } as const;

export const personData: Record<string, Row> = {
  'auth.me': { data: 'own', read: noInput },
  'auth.providers': { ...none, read: noInput },
  'privacy.contact': { ...none, read: noInput },
  'auth.signUp': { data: 'own', notRead: ownAccount },
  'auth.confirmEmail': { data: 'own', notRead: ownAccount },
  'auth.signIn': { data: 'own', notRead: ownAccount },
  'auth.signOut': { data: 'own', notRead: 'ends the viewer’s session; answers nothing' },
  'auth.requestPasswordReset': { data: 'own', notRead: ownAccount },
  'auth.resendConfirmation': { data: 'own', notRead: ownAccount },
  'auth.resetLinkValid': { ...none, notRead: 'answers whether a reset link still works, nothing about its account' },
  'auth.resetPassword': { data: 'own', notRead: ownAccount },
  'auth.confirmDeletion': { data: 'own', notRead: ownAccount },
  'auth.googleStart': { data: 'own', notRead: ownAccount },
  'auth.googleCallback': { data: 'own', notRead: ownAccount },
  'vipps.start': { data: 'own', notRead: ownAccount },
  'vipps.callback': { data: 'own', notRead: ownAccount },
  'vipps.linkWithPassword': { data: 'own', notRead: ownAccount },
  'vipps.sendLinkMail': { data: 'own', notRead: ownAccount },
  'vipps.confirmLink': { data: 'own', notRead: ownAccount },
  'vipps.status': { data: 'own', read: noInput },
  'realtime.config': { ...none, read: noInput },
  'realtime.ablyToken': { data: 'own', notRead: 'a token for the caller’s own channel (realtime.test.ts); the events are scanned instead' },
  'listing.browse': {
    data: 'listing',
    read: (w) => [{}, { q: w.word }, { location: SELLER.county }, { location: SELLER.town }, { q: SELLER.town }, { q: SELLER.county, industry: 'craft' }],
  },
  'listing.browseCount': { data: 'listing', read: (w) => [{ q: w.word }, { location: SELLER.town }] },
  'listing.landing': { data: 'listing', read: noInput },
  'listing.locations': { data: 'listing', read: noInput },
  'listing.reviewPromise': { ...none, read: noInput },
  'listing.renewByToken': { data: 'own', notRead: 'the owner’s mailed token renews the owner’s listing (lifecycle.test.ts)' },
  'listing.detail': { data: 'seller', read: byId },
  'listing.viewer': { data: 'seller', read: byId },
  'listing.sellerContact': { data: 'seller', read: byId },
  'listing.recordView': { ...none, read: byId },
  'favorite.ids': { data: 'own', read: noInput },
  'favorite.count': { data: 'own', read: noInput },
  'favorite.list': { data: 'seller', read: () => [{}, { sort: 'price_asc' }] },
  'favorite.add': { data: 'own', read: byListing },
  'favorite.remove': { data: 'own', notRead: 'removes the saved listing the journey added; answers { saved: false }' },
  'seller.mine': { data: 'own', read: noInput },
  'seller.stats': { data: 'own', read: noInput },
  'seller.forEdit': { data: 'own', read: byId },
  'seller.create': { data: 'own', notRead: 'the caller’s own listings only (authorization-owner.test.ts)' },
  'seller.update': { data: 'own', notRead: 'the caller’s own listings only (authorization-owner.test.ts)' },
  'seller.delete': { data: 'own', read: byId },
  'seller.markSold': { data: 'own', read: byId },
  'seller.setUnderOffer': { data: 'own', read: (w) => [{ id: w.listingId, underOffer: true }] },
  'seller.renew': { data: 'own', read: byId },
  'seller.presignUpload': { data: 'own', read: (w) => [{ listingId: w.listingId, contentType: 'image/png', index: 0 }] },
  'seller.confirmUpload': { data: 'own', notRead: 'the caller’s own uploads only (authorization-owner.test.ts)' },
  'seller.removeUpload': { data: 'own', notRead: 'the caller’s own uploads only (authorization-owner.test.ts)' },
  'seller.rememberDraft': { data: 'own', notRead: 'a guest’s own address; answers { ok }' },
  'seller.lookupCompany': { data: 'none', notRead: 'the public registry’s answer about a number the caller typed; it reads no listing, so it cannot tell which listing a company is behind (company-lookup.test.ts)' },
  'profile.get': { data: 'own', read: noInput },
  'profile.exportData': { data: 'own', read: noInput },
  'profile.update': { data: 'own', notRead: ownAccount },
  'profile.deleteAccount': { data: 'own', notRead: ownAccount },
  'profile.requestDeletionLink': { data: 'own', notRead: ownAccount },
  'valuation.estimate': { ...none, read: () => [{ industry: 'craft', revenue: 6_000_000, profit: 900_000 }] },
  'message.unreadCount': { data: 'own', read: noInput },
  'message.conversations': { data: 'seller', read: () => [{}] },
  'message.thread': { data: 'seller', read: withSeller },
  'message.markRead': { data: 'own', read: withSeller },
  'message.contactSeller': { data: 'seller', read: (w) => [{ listingId: w.listingId, text: 'Hei igjen, kan vi snakkes?', clientMessageId: crypto.randomUUID() }] },
  'message.reply': { data: 'seller', read: (w) => [{ ...withSeller(w)[0], text: 'Takk for svaret!', clientMessageId: crypto.randomUUID() }] },
  'message.sendInquiry': { data: 'seller', read: (w) => [{ listingId: w.listingId, message: 'Kan jeg få se regnskapet?' }] },
  'message.inquiries': { data: 'buyers', read: () => [{}] },
  'report.create': { ...none, read: (w) => [{ listingId: w.listingId, reason: 'other', comment: 'Bare en test.' }] },
  'savedSearch.list': { data: 'own', read: noInput },
  'savedSearch.create': { data: 'own', notRead: 'the journey saves the viewers’ searches (by county, town and word)' },
  'savedSearch.rename': { data: 'own', notRead: 'the caller’s own searches only (authorization-owner.test.ts)' },
  'savedSearch.setAlerts': { data: 'own', notRead: 'the caller’s own searches only (authorization-owner.test.ts)' },
  'savedSearch.remove': { data: 'own', notRead: 'the caller’s own searches only (authorization-owner.test.ts)' },
  'savedSearch.unsubscribe': { data: 'own', notRead: 'the mailed token names one search; answers its name' },
  'access.request': { data: 'own', read: (w) => [{ listingId: w.listingId, acceptNda: true, ndaVersion: nda.version }] },
  'access.mine': { data: 'own', read: byListing },
  'access.forSeller': { data: 'buyers', read: noInput },
  'access.grant': { data: 'buyers', read: (w) => [{ id: w.grantedRequest }] },
  'access.decline': { data: 'buyers', read: (w) => [{ id: w.grantedRequest }] },
  'access.withdraw': { data: 'buyers', read: (w) => [{ id: w.grantedRequest }] },
  'access.reopen': { data: 'buyers', read: (w) => [{ id: w.grantedRequest }] },
  'dataRoom.list': { data: 'own', read: byListing },
  'dataRoom.downloads': { data: 'buyers', read: byListing },
  'dataRoom.presignUpload': { data: 'own', read: (w) => [{ listingId: w.listingId, fileName: 'Årsregnskap.pdf', size: 1000 }] },
  'dataRoom.confirmUpload': { data: 'own', read: () => [{ documentId: crypto.randomUUID() }] },
  'dataRoom.rename': { data: 'own', read: () => [{ documentId: crypto.randomUUID(), title: 'Nytt navn' }] },
  'dataRoom.remove': { data: 'own', read: () => [{ documentId: crypto.randomUUID() }] },
  'dataRoom.download': { data: 'own', read: () => [{ documentId: crypto.randomUUID() }] },
  'seller.requestMoreListings': { data: 'own', notRead: ownAccount },
  // 'Gi bud' (decisions 121, 127): a thread names the seller to its buyer by the one rule, so a buyer whose
  // access was withdrawn reads 'Konfidensiell selger' and the mark only; every answer is read as each viewer.
  'offer.make': { data: 'own', read: (w) => [{ listingId: w.listingId, ...offerTerms }] },
  'offer.mine': { data: 'seller', read: (w) => [{}, { listingId: w.listingId }] },
  'offer.standing': { data: 'own', read: byListing },
  'offer.forSeller': { data: 'buyers', read: () => [{}] },
  'offer.accept': { data: 'own', read: offerIds },
  'offer.decline': { data: 'own', read: (w) => offerIds(w).map((input) => ({ ...input, reason: 'Nei takk.' })) },
  'offer.counter': { data: 'own', read: (w) => offerIds(w).map((input) => ({ ...input, ...offerTerms })) },
  'offer.withdraw': { data: 'own', read: offerIds },
  'offer.loi': { data: 'seller', read: offerIds },
};

/** Every admin procedure is staff's: they see everything (decision 095). */
export function rowOf(path: string): Row | undefined {
  return path.startsWith('admin.') ? { data: 'staff', notRead: 'admin only' } : personData[path];
}
