import { announceClosed, closeStandingOffers, NOTHING_CLOSED } from '../offers/close';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { listingReports, type ReportReason } from '@bedriftstorget/core/report/report.sql';
import { adminReports, reportDialog, reportLogActions, reportMail } from '@bedriftstorget/core/texts/share';
import type { Services } from '../context';
import type { Database } from '../db/client';
import { writeLog } from '../admin/log';
import { syncListingTerms } from '../listing/search';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { afterCursorOldestFirst, pageOf } from '../paging/newest-first';

/** Open reports per page of /admin/rapporter (oldest first; 'Neste' pages on through all of them). */
export const OPEN_REPORTS_PAGE = 50;

export interface OpenReport {
  id: string;
  listingId: string;
  listingTitle: string;
  listingStatus: (typeof listings.$inferSelect)['status'];
  reason: ReportReason;
  comment: string | null;
  reporterName: string | null;
  reporterEmail: string;
  createdAt: string;
}

export async function countOpenReports(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listingReports).where(eq(listingReports.status, 'open'));
  return Number(row?.n ?? 0);
}

/** A page of open reports with their listing and reporter, in one query (index status, created_at). */
export async function listOpenReports(db: Database, cursor?: string): Promise<{ reports: OpenReport[]; nextCursor: string | null; total: number }> {
  const after = afterCursorOldestFirst(listingReports.createdAt, listingReports.id, cursor);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: listingReports.id,
        listingId: listingReports.listingId,
        listingTitle: listings.title,
        listingStatus: listings.status,
        reason: listingReports.reason,
        comment: listingReports.comment,
        reporterName: profiles.fullName,
        reporterEmail: users.email,
        createdAt: listingReports.createdAt,
      })
      .from(listingReports)
      .innerJoin(listings, eq(listings.id, listingReports.listingId))
      .innerJoin(users, eq(users.id, listingReports.reporterId))
      .leftJoin(profiles, eq(profiles.id, listingReports.reporterId))
      .where(and(eq(listingReports.status, 'open'), after))
      .orderBy(asc(listingReports.createdAt), asc(listingReports.id))
      .limit(OPEN_REPORTS_PAGE + 1),
    countOpenReports(db),
  ]);
  const page = pageOf(rows, OPEN_REPORTS_PAGE);
  return { reports: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), nextCursor: page.nextCursor, total };
}

export type ReportDecision = 'dismiss' | 'deactivate';

/**
 * 'Avvis' closes the one report; 'Deaktiver annonsen' makes the listing inactive (search terms
 * follow: syncListingTerms), closes every open report of it, and mails the owner what the report was
 * about and staff's own note, with what to do next (decision 140). The report
 * row is locked first and must still be open, so two admins never handle it twice; the log entry
 * is written in the same transaction, and so is the owner's mail (decision 070), sent after the commit.
 */
export async function handleReport(
  services: Pick<Services, 'db' | 'mailer' | 'config' | 'realtime'>,
  adminId: string,
  reportId: string,
  decision: ReportDecision,
  now = new Date(),
  note?: string,
): Promise<{ ok: true }> {
  const { mailId, closed } = await services.db.transaction(async (tx) => {
    const [report] = await tx
      .select({ id: listingReports.id, status: listingReports.status, reason: listingReports.reason, listingId: listingReports.listingId })
      .from(listingReports)
      .where(eq(listingReports.id, reportId))
      .for('update');
    if (!report) throw new TRPCError({ code: 'NOT_FOUND', message: adminReports.notFound });
    if (report.status !== 'open') throw new TRPCError({ code: 'CONFLICT', message: adminReports.alreadyHandled });
    const [listing] = await tx
      .select({ id: listings.id, title: listings.title, ownerId: listings.ownerId, status: listings.status })
      .from(listings)
      .where(eq(listings.id, report.listingId))
      .for('update');
    if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: adminReports.notFound });
    const reason = reportDialog.reasons[report.reason];
    const handledFields = { handledBy: adminId, handledAt: now };
    if (decision === 'dismiss') {
      await tx.update(listingReports).set({ status: 'dismissed', ...handledFields }).where(eq(listingReports.id, report.id));
      await writeLog(tx, adminId, { action: reportLogActions.dismissed, targetType: 'listing', targetId: listing.id, details: { title: listing.title, reason, reportId: report.id } });
      return { mailId: null, closed: NOTHING_CLOSED };
    }
    // The reason and staff's own note stay with the listing: /mine-annonser shows them while it is inactive (decision 140).
    await tx.update(listings).set({ status: 'inactive', inactiveReason: report.reason, inactiveNote: note ?? null }).where(eq(listings.id, listing.id));
    // Deactivated: its standing offers close now, after the listing's row (decision 128).
    const closed = await closeStandingOffers(tx, services.config.appUrl, { listingIds: [listing.id] }, 'offSale', now);
    await syncListingTerms(tx, [listing.id]);
    await tx
      .update(listingReports)
      .set({ status: 'actioned', ...handledFields })
      .where(and(eq(listingReports.listingId, listing.id), eq(listingReports.status, 'open')));
    await writeLog(tx, adminId, {
      action: reportLogActions.deactivated,
      targetType: 'listing',
      targetId: listing.id,
      details: { title: listing.title, reason, reportId: report.id, previousStatus: listing.status, ...(note ? { note } : {}) },
    });
    return { mailId: await queueOwnerMail(tx, services.config.appUrl, { ...listing, reason, note: note ?? null }), closed };
  });
  await deliverNow(services, [mailId]);
  await announceClosed(services, closed);
  return { ok: true };
}

async function queueOwnerMail(tx: Database, app: string, listing: { id: string; title: string; ownerId: string; reason: string; note: string | null }): Promise<string | null> {
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, listing.ownerId));
  if (!owner) return null;
  const link = `${app}/mine-annonser`;
  return enqueueMail(tx, { kind: 'report_decision', to: owner.email, subject: reportMail.subject(listing.title), text: reportMail.text(listing.title, listing.reason, listing.note, link), links: [link] });
}
