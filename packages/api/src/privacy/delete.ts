import { TRPCError } from '@trpc/server';
import { eq, inArray, or } from 'drizzle-orm';
import { consents, emailTokens, sessions, users } from '@bedriftstorget/core/auth/auth.sql';
import { vippsIdentities, vippsPendingLinks } from '@bedriftstorget/core/auth/vipps.sql';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { favorites, listingImages, listings, storageDeletions, uploads } from '@bedriftstorget/core/listing/listing.sql';
import { listingRevisions } from '@bedriftstorget/core/listing/revision.sql';
import { mailSuppressions } from '@bedriftstorget/core/mail/mail.sql';
import { quotaRequests } from '@bedriftstorget/core/profile/quota-request.sql';
import { leads, messages } from '@bedriftstorget/core/message/message.sql';
import { accessRequests } from '@bedriftstorget/core/access/access.sql';
import { profiles, userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { listingReports } from '@bedriftstorget/core/report/report.sql';
import { savedSearches } from '@bedriftstorget/core/saved-search/saved-search.sql';
import { accountDeletion as texts, accountDeletionMail, adminAccountDeletion } from '@bedriftstorget/core/texts/account';
import { admin as adminTexts } from '@bedriftstorget/core/texts/nb';
import { adminUsers } from '@bedriftstorget/core/texts/admin';
import { valuationRequests } from '@bedriftstorget/core/valuation/valuation.sql';
import { writeLog, type Tx } from '../admin/log';
import type { Services } from '../context';
import { removeListingTerms } from '../listing/search';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { MESSAGES_CHANGED } from '../message/notify';
import { ADMIN_CHANNEL, userChannel } from '../realtime/channels';
import { refusal } from '../refusal';
import { deleteStampedCopiesOf } from '../data-room/stamped-copies';
import { removeStoredObjects } from './storage-cleanup';
import { keepNdaRecords } from '../access/nda-records';
import { dropOpenOffers, keepAcceptedOffers } from '../offers/records';
import { scrubAccessRequestMail, scrubMentions, scrubOwnMail, scrubRateLimits } from './scrub';

/** What a deleted account's users row holds instead of the address: unique, not an address, names nobody. */
export const tombstoneEmail = (userId: string) => `deleted:${userId}`;

/** Who asks: the user themselves, or an admin from /admin/brukere (logged with ids only). */
export type Eraser = { kind: 'self' } | { kind: 'admin'; adminId: string };


/** Every object key the account's listings, revisions, uploads and data-room documents use: deleted after the commit. */
async function objectKeys(tx: Tx, userId: string, listingIds: string[]): Promise<string[]> {
  const images = listingIds.length ? await tx.select({ key: listingImages.storageKey }).from(listingImages).where(inArray(listingImages.listingId, listingIds)) : [];
  const revisions = listingIds.length ? await tx.select({ images: listingRevisions.images }).from(listingRevisions).where(inArray(listingRevisions.listingId, listingIds)) : [];
  const uploaded = await tx.select({ key: uploads.storageKey, finalKey: uploads.finalKey }).from(uploads).where(eq(uploads.userId, userId));
  const documents = await tx.select({ key: listingDocuments.storageKey }).from(listingDocuments).where(eq(listingDocuments.ownerId, userId));
  const keys = [
    ...images.map((row) => row.key),
    ...documents.map((row) => row.key),
    ...revisions.flatMap((row) => row.images.map((image) => image.storageKey)),
    ...uploaded.flatMap((row) => [row.key, row.finalKey]),
  ];
  return [...new Set(keys.filter((key): key is string => Boolean(key)))];
}

/**
 * Locks the admin roles and the account, and refuses what must not happen: an account already
 * gone, an admin deleting themselves from the back office, the last admin, and an eraser who lost
 * the admin role while waiting for the lock (two admins deleting each other at once).
 */
async function lockAndCheck(tx: Tx, userId: string, by: Eraser) {
  // The admin roles first: two admins deleting each other queue here, and the second finds it has lost
  // its role (a lock on the user row first would deadlock with the other's log entry, whose key reads it).
  const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).for('update');
  const [user] = await tx.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: adminUsers.notFound });
  if (user.deletedAt) throw new TRPCError({ code: 'NOT_FOUND', message: texts.alreadyDeleted });
  if (by.kind === 'admin') {
    if (by.adminId === userId) throw new TRPCError({ code: 'FORBIDDEN', message: texts.adminSelf });
    if (!admins.some((row) => row.userId === by.adminId)) throw refusal('NO_ACCESS', adminTexts.noAccessText);
  }
  if (admins.some((row) => row.userId === userId) && admins.length <= 1) throw new TRPCError({ code: 'FORBIDDEN', message: texts.lastAdmin });
  return user.email;
}

/** The people the account wrote to or heard from: their inboxes and mails mention it. */
async function counterpartsOf(tx: Tx, userId: string): Promise<string[]> {
  const sent = await tx.selectDistinct({ id: messages.receiverId }).from(messages).where(eq(messages.senderId, userId));
  const received = await tx.selectDistinct({ id: messages.senderId }).from(messages).where(eq(messages.receiverId, userId));
  const inquired = await tx.selectDistinct({ id: listings.ownerId }).from(leads).innerJoin(listings, eq(listings.id, leads.listingId)).where(eq(leads.buyerId, userId));
  // Sellers asked for access: their mail about the request names the buyer (decision 096).
  const asked = await tx.selectDistinct({ id: listings.ownerId }).from(accessRequests).innerJoin(listings, eq(listings.id, accessRequests.listingId)).where(eq(accessRequests.buyerId, userId));
  return [...new Set([...sent, ...received, ...inquired, ...asked].map((row) => row.id))].filter((id) => id !== userId);
}

/**
 * The database part of 'Slett konto', in one transaction (decision 088). The users row stays as a
 * tombstone so the other party keeps the conversation; everything that says who the person was goes.
 */
async function eraseRows(services: Services, userId: string, by: Eraser, now: Date) {
  return services.db.transaction(async (tx) => {
    const email = await lockAndCheck(tx, userId, by);
    const [profile] = await tx.select({ fullName: profiles.fullName, companyName: profiles.companyName, phone: profiles.phone }).from(profiles).where(eq(profiles.id, userId));
    const own = await tx.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, userId));
    const listingIds = own.map((row) => row.id);
    const keys = await objectKeys(tx, userId, listingIds);
    const counterparts = await counterpartsOf(tx, userId);
    // Their listings go as a seller's own delete does: terms first, then the rows (images, favourites,
    // views, reports and revisions by cascade); others' conversations about them keep 'Ukjent listing'.
    if (listingIds.length) {
      await dropOpenOffers(tx, listingIds);
      await removeListingTerms(tx, listingIds);
      await tx.delete(listings).where(inArray(listings.id, listingIds));
    }
    if (keys.length) await tx.insert(storageDeletions).values(keys.map((storageKey) => ({ storageKey }))).onDuplicateKeyUpdate({ set: { attempts: 0 } });
    // The goodbye mail before the suppression row goes: an address that bounced is not mailed again.
    // Staff's deletion says it was staff's, not the person's own choice (decision 140).
    const goodbye = by.kind === 'admin' ? { subject: accountDeletionMail.staffDeletedSubject, text: accountDeletionMail.staffDeletedText } : { subject: accountDeletionMail.deletedSubject, text: accountDeletionMail.deletedText };
    const mailId = await enqueueMail(tx, { kind: 'account_deleted', to: email, ...goodbye, links: [] }, now);
    const identifiers = [email, profile?.fullName, profile?.companyName, profile?.phone].filter((value): value is string => Boolean(value?.trim()));
    await tx.delete(uploads).where(eq(uploads.userId, userId));
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.delete(listingReports).where(eq(listingReports.reporterId, userId));
    // Their requests for access stay only as the record of the Taushetserklæring they accepted, for two
    // years (decision 100, GDPR art. 17(3)(e)); the scheduled job deletes them when the term ends.
    // Offers go, but an accepted one stays with its LOI for the other party, two years (decision 122).
    await keepAcceptedOffers(tx, userId, now);
    await keepNdaRecords(tx, userId, { fullName: profile?.fullName ?? null, companyName: profile?.companyName ?? null, email }, now);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
    // 'Be om flere annonser' and staff's answers (decision 141): the rows stay with a tombstone otherwise.
    await tx.delete(quotaRequests).where(eq(quotaRequests.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    // The account they consented for is gone; the tombstone row would otherwise keep the cascade from firing.
    await tx.delete(consents).where(eq(consents.userId, userId));
    // The Vipps identity (its pairwise id, the verified name and phone) and a link waiting for proof go
    // too (decision 120): the same tombstone would keep their cascade from firing.
    await tx.delete(vippsIdentities).where(eq(vippsIdentities.userId, userId));
    await tx.delete(vippsPendingLinks).where(eq(vippsPendingLinks.userId, userId));
    await tx.delete(profiles).where(eq(profiles.id, userId));
    await tx.delete(draftReminders).where(eq(draftReminders.email, email));
    await tx.delete(mailSuppressions).where(eq(mailSuppressions.email, email));
    // Inquiries stay with the seller, without the buyer's name and address (shown as 'Slettet bruker').
    // Neither table has an index for these: the ids are read first (no locks), then written by primary key.
    const inquiries = await tx.select({ id: leads.id }).from(leads).where(eq(leads.buyerId, userId));
    if (inquiries.length) await tx.update(leads).set({ buyerName: '', buyerEmail: '' }).where(inArray(leads.id, inquiries.map((row) => row.id)));
    const valuations = await tx.select({ id: valuationRequests.id }).from(valuationRequests).where(or(eq(valuationRequests.userId, userId), eq(valuationRequests.email, email)));
    if (valuations.length) await tx.update(valuationRequests).set({ email: null, userId: null }).where(inArray(valuationRequests.id, valuations.map((row) => row.id)));
    await scrubRateLimits(tx, services.config, email, now);
    await scrubOwnMail(tx, email, mailId);
    await scrubMentions(tx, userId, counterparts, identifiers);
    await scrubAccessRequestMail(tx, counterparts, email);
    await tx.update(users).set({ email: tombstoneEmail(userId), emailVerified: false, passwordHash: null, googleId: null, deletedAt: now }).where(eq(users.id, userId));
    if (by.kind === 'admin') {
      await writeLog(tx, by.adminId, { action: adminAccountDeletion.loggedAction, targetType: 'profile', targetId: userId });
    }
    return { mailId, keys, counterparts, hadListings: listingIds.length > 0 };
  });
}

/**
 * 'Slett konto': the rows in one transaction, then (never failing the request) the goodbye mail,
 * the image objects — a key that cannot be removed now stays in storage_deletions for the job —
 * and the realtime nudges, so the other party's open inbox shows 'Slettet bruker'.
 */
export async function eraseAccount(services: Services, userId: string, by: Eraser, now = new Date()): Promise<void> {
  const done = await eraseRows(services, userId, by, now);
  await deliverNow(services, [done.mailId]);
  await removeStoredObjects(services, done.keys);
  // The copies stamped with their name and e-mail go now, not at the hourly clean-up (decision 103);
  // one that cannot be deleted now is still taken by that clean-up within the hour.
  await deleteStampedCopiesOf(services, userId).catch((error: unknown) => console.error('stamped copies after account deletion', error));
  try {
    await Promise.all(done.counterparts.map((id) => services.realtime.publish(userChannel(id), { type: MESSAGES_CHANGED })));
    if (done.hadListings) await services.realtime.publish(ADMIN_CHANNEL, { type: 'listings.submitted', data: {} });
  } catch (error) {
    console.error('realtime after account deletion', error);
  }
}
