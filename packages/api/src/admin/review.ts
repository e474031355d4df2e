import { TRPCError } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import type { RejectReason } from '@bedriftstorget/core/admin/schemas';
import { listingReviews } from '@bedriftstorget/core/settings/settings.sql';
import { adminListings, loggedActions, overview, rejectDialog, reviewMail } from '@bedriftstorget/core/texts/admin';
import type { Services } from '../context';
import { freshPeriod } from '../listing/lifecycle';
import { syncListingTerms } from '../listing/search';
import { deliverNow } from '../mail/deliver';
import { enqueueMails } from '../mail/outbox';
import { requireNoteIfFlagged } from '../company/approval';
import { writeLog, type Tx } from './log';
import { decideRevisions } from './revisions';

export type Decision = 'approve' | 'reject';

/** Why listings were rejected: required for a rejection, mailed to the owner and logged, so a rejection is never unexplained. */
export interface Rejection {
  reason: RejectReason;
  note?: string;
}

/** The listings staff decide, each with the content version they saw (listings.content_version). */
export interface Seen {
  ids: string[];
  versions: number[];
}

export interface Reviewed {
  id: string;
  title: string;
  ownerId: string;
}

/**
 * Approves (active, published now) or rejects pending listings, and the pending revisions of
 * published ones (decision 086: approval makes the revision the public version, rejection keeps
 * the public one), all in one transaction with the log entry and the owners' mails. Rows are
 * locked first, and only those still pending change: a listing or revision another admin has just
 * handled is skipped, so it is never published twice nor its owner mailed twice. Each listing is
 * named with the content version staff saw: a save since then refuses the whole batch (decision 106).
 */
export async function reviewListings(
  services: Pick<Services, 'db' | 'mailer' | 'config'> & Partial<Pick<Services, 'storage'>>,
  adminId: string,
  seen: Seen,
  decision: Decision,
  now = new Date(),
  rejection?: Rejection,
  approvalNote?: string,
): Promise<{ changed: string[]; skipped: string[] }> {
  if (decision === 'reject' && !rejection) throw new TRPCError({ code: 'BAD_REQUEST', message: rejectDialog.reasonRequired });
  const wanted = [...new Set(seen.ids)];
  const versions = new Map(seen.ids.map((id, i) => [id, seen.versions[i]]));
  if (decision === 'approve') await requireNoteIfFlagged(services.db, wanted, approvalNote);
  const why = decision === 'reject' && rejection
    ? { reason: rejectDialog.reasons[rejection.reason], ...(rejection.note ? { note: rejection.note } : {}) }
    : decision === 'approve' && approvalNote ? { note: approvalNote } : {};
  const changed = await services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: listings.id, title: listings.title, ownerId: listings.ownerId, status: listings.status, submittedAt: listings.submittedAt, contentVersion: listings.contentVersion })
      .from(listings)
      .where(inArray(listings.id, wanted))
      .for('update');
    if (rows.length < wanted.length) throw new TRPCError({ code: 'NOT_FOUND', message: adminListings.notFound });
    // Saved again since staff saw it (a listing or its revision, decision 106): nothing in the batch is decided.
    const stale = rows.filter((row) => row.contentVersion !== versions.get(row.id));
    if (stale.length) throw new TRPCError({ code: 'CONFLICT', message: overview.staleVersion(stale.map((row) => row.title)) });
    const pending = rows.filter((row) => row.status === 'pending');
    const pendingIds = pending.map((row) => row.id);
    const revised = await decideRevisions(tx, adminId, rows.filter((row) => row.status !== 'pending').map((row) => row.id), decision === 'approve', now, rejection);
    if (pending.length === 0 && revised.decided.length === 0) throw new TRPCError({ code: 'CONFLICT', message: overview.alreadyReviewed });
    if (pendingIds.length) {
      await tx
        .update(listings)
        // The reason stays with a rejected listing: the seller reads it in /mine-annonser too (decision 087).
        .set(decision === 'approve' ? { status: 'active', publishedAt: now, ...freshPeriod(now) } : { status: 'rejected', rejectReason: rejection?.reason ?? null, rejectNote: rejection?.note ?? null })
        .where(and(inArray(listings.id, pendingIds), eq(listings.status, 'pending')));
      await syncListingTerms(tx, pendingIds);
    }
    const decided = [...pending, ...revised.decided];
    const decidedIds = decided.map((row) => row.id);
    await recordReviews(tx, adminId, decided, decision, now);
    const single = wanted.length === 1;
    const revision = revised.decided[0];
    await writeLog(tx, adminId, {
      action: single ? singleAction(decision, revision !== undefined) : loggedActions.bulk(decision),
      targetType: 'listing',
      targetId: single ? decidedIds[0]! : null,
      details: single
        ? { title: decided[0]!.title, ...(revision ? { revision: revision.changed } : {}), ...why }
        : { ids: decidedIds, titles: decided.map((row) => row.title), skipped: wanted.filter((id) => !decidedIds.includes(id)), ...why },
    });
    const mailIds = [
      ...(await queueOwnerMails(tx, services.config.appUrl, pending, decision, rejection)),
      ...(await queueOwnerMails(tx, services.config.appUrl, revised.decided, decision, rejection, true)),
    ];
    return { decidedIds, mailIds, keys: revised.keys };
  });
  await deliverNow(services, changed.mailIds);
  if (services.storage) await deleteStored(services.storage, changed.keys);
  return { changed: changed.decidedIds, skipped: wanted.filter((id) => !changed.decidedIds.includes(id)) };
}

/** After the commit: a failed delete leaves an unreferenced object, never a row pointing at nothing. */
async function deleteStored(storage: Services['storage'], keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => console.error('could not delete', key, error))));
}

/** One listing_reviews row per decided listing: the statistics' approvals, rejections and time to approval. */
export async function recordReviews(tx: Tx, adminId: string, decided: { id: string; submittedAt: Date }[], decision: Decision, now: Date): Promise<void> {
  if (decided.length === 0) return;
  await tx.insert(listingReviews).values(decided.map((row) => ({ listingId: row.id, adminId, decision, submittedAt: row.submittedAt, decidedAt: now })));
}

/**
 * The owners' mails about a decision, queued in the decision's transaction (decision 070): they
 * exist exactly when the decision does, and go after the commit (deliverNow) or with the job.
 * Also 'Sett aktiv' on a pending listing, and a decided revision (`revision`: its own wording).
 */
export async function queueOwnerMails(tx: Tx, app: string, reviewed: Reviewed[], decision: Decision, rejection?: Rejection, revision = false): Promise<string[]> {
  if (reviewed.length === 0) return [];
  const owners = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(reviewed.map((row) => row.ownerId))]));
  const emails = new Map(owners.map((owner) => [owner.id, owner.email]));
  const mails = reviewed.flatMap((listing) => {
    const to = emails.get(listing.ownerId);
    if (!to) return [];
    const link = decision === 'approve' ? `${app}/bedrift/${listing.id}` : `${app}/mine-annonser`;
    const reason = rejectDialog.reasons[rejection?.reason ?? 'other']!;
    const mail = revision
      ? decision === 'approve'
        ? { subject: reviewMail.revisionApprovedSubject(listing.title), text: reviewMail.revisionApprovedText(listing.title, link) }
        : { subject: reviewMail.revisionRejectedSubject(listing.title), text: reviewMail.revisionRejectedText(listing.title, link, reason, rejection?.note) }
      : decision === 'approve'
        ? { subject: reviewMail.publishedSubject(listing.title), text: reviewMail.publishedText(listing.title, link) }
        : { subject: reviewMail.rejectedSubject(listing.title), text: reviewMail.rejectedText(listing.title, link, reason, rejection?.note) };
    return [{ kind: 'review_decision' as const, to, ...mail, links: [link] }];
  });
  return enqueueMails(tx, mails);
}

/** One listing's entry: a published listing's edit is 'Godkjente endringer', not a new approval of the listing (decision 140). */
function singleAction(decision: 'approve' | 'reject', revision: boolean): string {
  if (revision) return decision === 'approve' ? loggedActions.approvedChanges : loggedActions.rejectedChanges;
  return decision === 'approve' ? loggedActions.approvedListing : loggedActions.rejectedListing;
}
