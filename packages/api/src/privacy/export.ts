import { and, asc, eq, inArray } from 'drizzle-orm';
import { documentsOfOwner } from '../data-room/documents';
import { downloadsOfUser } from '../data-room/downloads';
import { consents, sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import { favorites, listingImages, listings, listingViews } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { profiles, userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { quotaRequests } from '@bedriftstorget/core/profile/quota-request.sql';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import type { Database } from '../db/client';
import { visitorKeyOf } from '../listing/views';
import { offerThreads } from '../offers/read';
import { verificationOf } from '../identity/vipps-mark';

const accessColumns = {
  listingId: accessRequests.listingId,
  status: accessRequests.status,
  message: accessRequests.message,
  ndaVersion: accessRequests.ndaVersion,
  ndaAcceptedAt: accessRequests.ndaAcceptedAt,
  ndaAcceptedFrom: accessRequests.ndaAcceptedFrom,
  ndaName: accessRequests.ndaName,
  ndaEmail: accessRequests.ndaEmail,
  answeredAt: accessRequests.answeredAt,
  sentAt: accessRequests.createdAt,
};

/**
 * 'Last ned mine data' (personopplysningsloven / GDPR art. 15 and 20, decision 085): everything
 * held about the user, as one JSON document. Secrets are left out — the password hash, session
 * ids, and the unsubscribe and renew tokens are keys, not information about the person; their
 * existence is told (`hasPassword`, the sessions' times). Independent reads run together.
 */
export async function exportUserData(db: Database, userId: string, now = new Date()) {
  const [account, profile, roles, ownListings, saved, searches, sent, received, inquiriesSent, reports, valuations, activeSessions, given, accessAsked, documents, downloads, viewed] = await Promise.all([
    db.select({ email: users.email, emailVerified: users.emailVerified, hasPassword: users.passwordHash, googleId: users.googleId, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db.select().from(profiles).where(eq(profiles.id, userId)),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db.select().from(listings).where(eq(listings.ownerId, userId)),
    db.select({ listingId: favorites.listingId, title: listings.title, savedAt: favorites.createdAt }).from(favorites).leftJoin(listings, eq(listings.id, favorites.listingId)).where(eq(favorites.userId, userId)),
    db.select({ name: savedSearches.name, filters: savedSearches.filters, alerts: savedSearches.alerts, lastSentAt: savedSearches.lastSentAt, createdAt: savedSearches.createdAt }).from(savedSearches).where(eq(savedSearches.userId, userId)),
    db.select({ listingId: messages.listingId, to: messages.receiverId, text: messages.messageText, sentAt: messages.createdAt }).from(messages).where(eq(messages.senderId, userId)),
    db.select({ listingId: messages.listingId, from: messages.senderId, text: messages.messageText, read: messages.read, sentAt: messages.createdAt }).from(messages).where(eq(messages.receiverId, userId)),
    db.select({ listingId: leads.listingId, name: leads.buyerName, email: leads.buyerEmail, message: leads.message, sentAt: leads.createdAt }).from(leads).where(eq(leads.buyerId, userId)),
    db.select({ listingId: listingReports.listingId, reason: listingReports.reason, comment: listingReports.comment, status: listingReports.status, createdAt: listingReports.createdAt }).from(listingReports).where(eq(listingReports.reporterId, userId)),
    db.select().from(valuationRequests).where(eq(valuationRequests.userId, userId)),
    db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId)),
    // Each consent to the terms and privacy text: which version, when, and by which sign-up (decision 089).
    db.select({ textVersion: consents.textVersion, method: consents.method, givenAt: consents.givenAt }).from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.givenAt)),
    // Each 'Be om tilgang' with the Taushetserklæring accepted: version, time and network address (decision 096).
    db.select(accessColumns).from(accessRequests).where(eq(accessRequests.buyerId, userId)).orderBy(asc(accessRequests.createdAt)),
    // The data room (decision 097): the seller's documents by title (never the files), the buyer's downloads.
    documentsOfOwner({ db }, userId),
    downloadsOfUser({ db }, userId),
    // What the user looked at: one row per listing and day (decision 016), kept VIEW_DAYS_KEPT days.
    db.select({ listingId: listingViews.listingId, title: listings.title, day: listingViews.day }).from(listingViews).leftJoin(listings, eq(listings.id, listingViews.listingId)).where(eq(listingViews.visitorKey, visitorKeyOf(userId))).orderBy(asc(listingViews.day)),
  ]);
  const listingIds = ownListings.map((listing) => listing.id);
  const [images, inquiriesReceived, accessReceived, revisions] = listingIds.length
    ? await Promise.all([
        db.select({ listingId: listingImages.listingId, url: listingImages.imageUrl }).from(listingImages).where(inArray(listingImages.listingId, listingIds)),
        db.select({ listingId: leads.listingId, name: leads.buyerName, email: leads.buyerEmail, message: leads.message, sentAt: leads.createdAt }).from(leads).where(inArray(leads.listingId, listingIds)),
        // Requests on their listings: what the seller was told (message, state), not the buyer's network address.
        db.select({ listingId: accessRequests.listingId, status: accessRequests.status, message: accessRequests.message, ndaVersion: accessRequests.ndaVersion, sentAt: accessRequests.createdAt, answeredAt: accessRequests.answeredAt }).from(accessRequests).where(inArray(accessRequests.listingId, listingIds)),
        // An edit of a published listing waiting for staff (decision 086): the user's own text, not yet public.
        db.select({ listingId: listingRevisions.listingId, fields: listingRevisions.fields, images: listingRevisions.images, submittedAt: listingRevisions.submittedAt }).from(listingRevisions).where(and(inArray(listingRevisions.listingId, listingIds), eq(listingRevisions.status, 'pending'))),
      ])
    : [[], [], [], []];
  // 'Gi bud': each thread as buyer and as seller with its timeline; LOIs are downloaded in the app.
  const [offersMade, offersReceived, vipps, moreListingsAsked] = await Promise.all([
    offerThreads(db, userId, 'buyer'),
    offerThreads(db, userId, 'seller'),
    verificationOf(db, userId),
    // 'Be om flere annonser' and staff's answers (decision 141).
    db.select({ wanted: quotaRequests.wanted, message: quotaRequests.message, status: quotaRequests.status, answerNote: quotaRequests.answerNote, grantedMax: quotaRequests.grantedMax, grantedPlan: quotaRequests.grantedPlan, createdAt: quotaRequests.createdAt, answeredAt: quotaRequests.answeredAt }).from(quotaRequests).where(eq(quotaRequests.userId, userId)).orderBy(asc(quotaRequests.createdAt)),
  ]);
  const user = account[0];
  return {
    exportedAt: now.toISOString(),
    account: user ? { email: user.email, emailVerified: user.emailVerified, hasPassword: user.hasPassword !== null, googleAccount: user.googleId !== null, createdAt: user.createdAt } : null,
    profile: profile[0] ?? null,
    roles: roles.map((row) => row.role),
    listings: ownListings.map(({ renewTokenHash: _secret, ...listing }) => {
      const revision = revisions.find((row) => row.listingId === listing.id);
      const pendingRevision = revision ? { fields: revision.fields, images: revision.images.map((image) => image.imageUrl), submittedAt: revision.submittedAt } : null;
      return { ...listing, images: images.filter((image) => image.listingId === listing.id).map((image) => image.url), pendingRevision };
    }),
    favorites: saved,
    savedSearches: searches,
    messagesSent: sent,
    messagesReceived: received,
    inquiriesSent,
    inquiriesReceived,
    accessRequestsSent: accessAsked,
    accessRequestsReceived: accessReceived,
    reports,
    valuationRequests: valuations,
    sessions: activeSessions,
    consents: given,
    documents,
    documentDownloads: downloads,
    viewingHistory: viewed,
    offersMade,
    offersReceived,
    // 'Verifisert med Vipps' (decision 120): when, and the name and phone Vipps vouched for; the pairwise id signs in, like a password it is not told.
    vipps: vipps ? { signsInWithVipps: true, verified: vipps.verifiedAt !== null, verifiedAt: vipps.verifiedAt, verifiedName: vipps.name, verifiedPhone: vipps.phone } : null,
    quotaRequests: moreListingsAsked,
  };
}

export type UserDataExport = Awaited<ReturnType<typeof exportUserData>>;
