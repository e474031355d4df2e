import { TRPCError } from '@trpc/server';
import { reasonOf } from '@bedriftstorget/api/refusal';
import { common } from '@bedriftstorget/core/texts/nb';
import type { Browser } from './harness';

export type Access = 'public' | 'signedIn' | 'admin';

/**
 * Every procedure and who may call it (docs/architecture.md, 'Security'). A procedure without a row fails the first
 * test: adding one means deciding its access here. `input` is a valid input, so a refusal can
 * only come from the access check.
 */
export const matrix: Record<string, { access: Access; input?: unknown }> = {
  'auth.me': { access: 'public' },
  'auth.providers': { access: 'public' },
  'privacy.contact': { access: 'public' },
  'auth.signUp': { access: 'public', input: { email: 'matrix@example.no', password: 'hemmelig1', acceptTerms: true } },
  'auth.confirmEmail': { access: 'public', input: { token: 'x'.repeat(43) } },
  'auth.signIn': { access: 'public', input: { email: 'matrix@example.no', password: 'hemmelig1' } },
  'auth.signOut': { access: 'signedIn' },
  'auth.requestPasswordReset': { access: 'public', input: { email: 'matrix@example.no' } },
  'auth.resendConfirmation': { access: 'public', input: { email: 'matrix@example.no' } },
  'auth.resetLinkValid': { access: 'public', input: { token: 'x'.repeat(43) } },
  'auth.resetPassword': { access: 'public', input: { token: 'x'.repeat(43), password: 'hemmelig1' } },
  // The mailed link of 'Slett konto' for a Google account: the token is the credential.
  'auth.confirmDeletion': { access: 'public', input: { token: 'x'.repeat(43) } },
  'auth.googleStart': { access: 'public' },
  'auth.googleCallback': { access: 'public', input: { code: 'c', state: 's' } },
  // Vipps Login (decision 119): sign-in and linking are for visitors; 'verify' and the status need an account.
  'vipps.start': { access: 'public', input: { intent: 'login' } },
  'vipps.callback': { access: 'public', input: { search: 'code=c&state=s' } },
  'vipps.linkWithPassword': { access: 'public', input: { password: 'hemmelig1' } },
  'vipps.sendLinkMail': { access: 'public' },
  'vipps.confirmLink': { access: 'public', input: { token: 'x'.repeat(43) } },
  'vipps.status': { access: 'signedIn' },
  'realtime.config': { access: 'public' },
  'realtime.ablyToken': { access: 'signedIn' },
  'listing.browse': { access: 'public', input: {} },
  'listing.browseCount': { access: 'public', input: {} },
  'listing.landing': { access: 'public' },
  'listing.locations': { access: 'public' },
  'listing.reviewPromise': { access: 'public' },
  'listing.detail': { access: 'public', input: { id: crypto.randomUUID() } },
  'listing.sellerContact': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'listing.viewer': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'listing.recordView': { access: 'public', input: { id: crypto.randomUUID() } },
  'favorite.ids': { access: 'signedIn' },
  'favorite.count': { access: 'signedIn' },
  'favorite.list': { access: 'signedIn', input: {} },
  'favorite.add': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'favorite.remove': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'savedSearch.list': { access: 'signedIn' },
  'savedSearch.create': { access: 'signedIn', input: { name: 'Matrise', alerts: 'never', filters: { q: 'kafé' } } },
  'savedSearch.rename': { access: 'signedIn', input: { id: crypto.randomUUID(), name: 'Nytt navn' } },
  'savedSearch.setAlerts': { access: 'signedIn', input: { id: crypto.randomUUID(), alerts: 'daily' } },
  'savedSearch.remove': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'savedSearch.unsubscribe': { access: 'public', input: { token: 'x'.repeat(43) } },
  'message.unreadCount': { access: 'signedIn' },
  'message.conversations': { access: 'signedIn' },
  'message.thread': { access: 'signedIn', input: { listingId: crypto.randomUUID(), counterpartId: crypto.randomUUID() } },
  'message.markRead': { access: 'signedIn', input: { listingId: null, counterpartId: crypto.randomUUID() } },
  'message.contactSeller': { access: 'signedIn', input: { listingId: crypto.randomUUID(), text: 'Hei, er bedriften fortsatt til salgs?', clientMessageId: crypto.randomUUID() } },
  'message.reply': { access: 'signedIn', input: { listingId: crypto.randomUUID(), counterpartId: crypto.randomUUID(), text: 'Hei!', clientMessageId: crypto.randomUUID() } },
  'message.sendInquiry': { access: 'signedIn', input: { listingId: crypto.randomUUID(), message: 'Kan jeg få se regnskapet?' } },
  'seller.mine': { access: 'signedIn' },
  'seller.stats': { access: 'signedIn' },
  'message.inquiries': { access: 'signedIn', input: {} },
  'seller.forEdit': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'seller.create': { access: 'signedIn', input: { id: crypto.randomUUID(), fields: {}, images: [] } },
  'seller.update': { access: 'signedIn', input: { id: crypto.randomUUID(), fields: {}, images: [] } },
  'seller.delete': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'seller.markSold': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'seller.setUnderOffer': { access: 'signedIn', input: { id: crypto.randomUUID(), underOffer: true } },
  'seller.renew': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'listing.renewByToken': { access: 'public', input: { token: 'x'.repeat(43) } },
  'seller.presignUpload': { access: 'signedIn', input: { listingId: crypto.randomUUID(), contentType: 'image/png', index: 0 } },
  'seller.confirmUpload': { access: 'signedIn', input: { uploadId: crypto.randomUUID() } },
  'seller.removeUpload': { access: 'signedIn', input: { uploadId: crypto.randomUUID() } },
  'seller.rememberDraft': { access: 'public', input: { email: 'utkast@example.no', title: null } },
  'seller.lookupCompany': { access: 'public', input: { orgnr: '910000101' } },
  'profile.get': { access: 'signedIn' },
  'profile.exportData': { access: 'signedIn' },
  'profile.update': { access: 'signedIn', input: { fullName: null, companyName: null, phone: null } },
  // A wrong password: the matrix's call must not delete the account it runs as.
  'profile.deleteAccount': { access: 'signedIn', input: { password: 'ikke-passordet' } },
  'profile.requestDeletionLink': { access: 'signedIn' },
  'valuation.estimate': { access: 'public', input: { industry: 'services', revenue: 2_000_000, profit: 400_000 } },
  'admin.overview.stats': { access: 'admin' },
  'admin.overview.queue': { access: 'admin' },
  'admin.overview.revisions': { access: 'admin' },
  'admin.review.approve': { access: 'admin', input: { ids: [crypto.randomUUID()], versions: [1] } },
  'admin.review.reject': { access: 'admin', input: { ids: [crypto.randomUUID()], versions: [1], reason: 'incomplete' } },
  'admin.listings.list': { access: 'admin', input: {} },
  'admin.listings.exportCsv': { access: 'admin', input: { status: 'pending' } },
  'admin.listings.get': { access: 'admin', input: { id: crypto.randomUUID() } },
  'admin.listings.update': { access: 'admin', input: { id: crypto.randomUUID(), patch: { featured: true } } },
  'admin.listings.remove': { access: 'admin', input: { id: crypto.randomUUID() } },
  'admin.listings.bulk': { access: 'admin', input: { ids: [crypto.randomUUID()], action: 'archive' } },
  'admin.users.list': { access: 'admin', input: { q: 'matrix' } },
  'admin.users.update': { access: 'admin', input: { id: crypto.randomUUID(), fullName: 'Kari', companyName: null, phone: null, userType: 'company', plan: 'pro', maxListings: 5 } },
  'admin.users.remove': { access: 'admin', input: { id: crypto.randomUUID() } },
  'admin.users.answerRequest': { access: 'admin', input: { id: crypto.randomUUID(), decision: 'decline', note: 'Ikke nå.' } },
  'admin.log.list': { access: 'admin' },
  'admin.settings.get': { access: 'admin' },
  // The defaults: the matrix's admin call changes nothing other tests rely on.
  'admin.settings.update': { access: 'admin', input: { reviewPromiseHours: 24, reviewAlertHours: 20, maxActiveListings: 3, signupsOpen: true } },
  'admin.valuations.list': { access: 'admin', input: {} },
  'admin.valuations.setStatus': { access: 'admin', input: { id: crypto.randomUUID(), status: 'contacted' } },
  'admin.stats.review': { access: 'admin' },
  'admin.stats.activity': { access: 'admin', input: { days: 30, bucket: 'day' } },
  'dataRoom.list': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'dataRoom.downloads': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'dataRoom.presignUpload': { access: 'signedIn', input: { listingId: crypto.randomUUID(), fileName: 'Årsregnskap.pdf', size: 1000 } },
  'dataRoom.confirmUpload': { access: 'signedIn', input: { documentId: crypto.randomUUID() } },
  'dataRoom.rename': { access: 'signedIn', input: { documentId: crypto.randomUUID(), title: 'Leiekontrakt' } },
  'dataRoom.remove': { access: 'signedIn', input: { documentId: crypto.randomUUID() } },
  'dataRoom.download': { access: 'signedIn', input: { documentId: crypto.randomUUID() } },
  'report.create': { access: 'signedIn', input: { listingId: crypto.randomUUID(), reason: 'fraud' } },
  'admin.reports.list': { access: 'admin' },
  'admin.reports.count': { access: 'admin' },
  'admin.reports.dismiss': { access: 'admin', input: { id: crypto.randomUUID() } },
  'admin.reports.deactivate': { access: 'admin', input: { id: crypto.randomUUID(), note: 'Ikke i orden.' } },
  'access.request': { access: 'signedIn', input: { listingId: crypto.randomUUID(), acceptNda: true, ndaVersion: '2026-11-1' } },
  'access.mine': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'access.forSeller': { access: 'signedIn' },
  'access.grant': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'access.decline': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'access.withdraw': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'access.reopen': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'admin.access.list': { access: 'admin', input: {} },
  'seller.requestMoreListings': { access: 'signedIn', input: { wanted: 10 } },
  'offer.make': { access: 'signedIn', input: { listingId: crypto.randomUUID(), price: 2_500_000, dealType: 'shares', financing: ['equity'], conditions: [], days: 14 } },
  'offer.mine': { access: 'signedIn', input: {} },
  'offer.forSeller': { access: 'signedIn', input: {} },
  'offer.standing': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'offer.accept': { access: 'signedIn', input: { offerId: crypto.randomUUID() } },
  'offer.decline': { access: 'signedIn', input: { offerId: crypto.randomUUID() } },
  'offer.counter': { access: 'signedIn', input: { offerId: crypto.randomUUID(), price: 2_500_000, dealType: 'assets', financing: ['loan'], conditions: [], days: 7 } },
  'offer.withdraw': { access: 'signedIn', input: { offerId: crypto.randomUUID() } },
  'offer.loi': { access: 'signedIn', input: { offerId: crypto.randomUUID() } },
  'admin.listings.offers': { access: 'admin', input: { id: crypto.randomUUID() } },
};

/** A procedure's access as the matrix decides it (undefined for a procedure without a row). */
export function accessOf(path: string): Access | undefined {
  return matrix[path]?.access;
}

/**
 * Calls one procedure by its path as this browser. `code` is OK, the access checks' own refusals
 * (NOT_SIGNED_IN, NOT_ADMIN), another tRPC code, or THREW for anything that is not a TRPCError.
 */
export async function outcome(browser: Browser, path: string, input: unknown): Promise<{ code: string; result?: unknown; message?: string }> {
  try {
    const result = await browser.call((caller) => {
      const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
      return (fn as (input: unknown) => Promise<unknown>)(input);
    });
    return { code: 'OK', result };
  } catch (error) {
    if (!(error instanceof TRPCError)) return { code: 'THREW', message: String(error) };
    // Business refusals share these codes (a wrong password is UNAUTHORIZED, a full quota FORBIDDEN): the
    // admin check's reason (decision 062) and the sign-in check's own message tell them apart.
    if (error.code === 'UNAUTHORIZED' && error.message === common.signInRequired) return { code: 'NOT_SIGNED_IN' };
    if (reasonOf(error) === 'NO_ACCESS') return { code: 'NOT_ADMIN' };
    return { code: error.code, message: error.message };
  }
}
