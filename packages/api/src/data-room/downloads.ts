import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { displayNameFromEmail } from '@bedriftstorget/core/auth/user';
import { documentDownloads, listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import { DOWNLOAD_LINK_SECONDS } from '@bedriftstorget/core/data-room/limits';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import type { Services } from '../context';
import { dataRoomRole, notFound, type SignedIn } from './access';
import { stampedCopyKey } from './stamped-copies';
import { stampPdf, stampText } from './pdf';

/** The log the seller reads is kept to the newest; older rows stay in the table and in the export. */
const LOG_ROWS = 200;

/** The name the stamp carries: the profile's, else the e-mail's part before '@'. */
async function stampIdentity(services: Pick<Services, 'db'>, userId: string): Promise<{ name: string; email: string }> {
  const [person] = await services.db
    .select({ email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  const email = person?.email ?? '';
  return { name: person?.fullName?.trim() || displayNameFromEmail(email), email };
}

/** The saved file's name: the title as the seller wrote it, with '.pdf'. */
function downloadName(title: string): string {
  const clean = [...title].map((ch) => (ch.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch)).join('').trim() || 'dokument';
  return /\.pdf$/i.test(clean) ? clean : `${clean}.pdf`;
}

/**
 * 'Last ned' (decision 097): for the owner, staff and buyers with access, a copy stamped on every
 * page with the caller's name, e-mail and date (made once per reader, document and stamp, and reused
 * while it lives: stamped-copies.ts), handed out as a GET link valid five minutes. Logged before the
 * link is returned, so no copy leaves unrecorded.
 */
export async function downloadDocument(ctx: SignedIn, documentId: string, now = new Date()) {
  const [document] = await ctx.db
    .select({ id: listingDocuments.id, listingId: listingDocuments.listingId, storageKey: listingDocuments.storageKey, title: listingDocuments.title })
    .from(listingDocuments)
    .where(and(eq(listingDocuments.id, documentId), eq(listingDocuments.status, 'ready')));
  if (!document || !(await dataRoomRole(ctx, document.listingId))) throw notFound();
  const who = await stampIdentity(ctx, ctx.user.id);
  const key = await stampedCopyKey(ctx, { userId: ctx.user.id, documentId: document.id, text: stampText(who.name, who.email, now), now }, async (text) => {
    const bytes = await ctx.documents.read(document.storageKey);
    if (!bytes) throw new TRPCError({ code: 'NOT_FOUND', message: texts.notFound });
    return stampPdf(bytes, text).catch((error: unknown) => {
      console.error('could not stamp', document.id, error);
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: texts.downloadFailed });
    });
  });
  await ctx.db.insert(documentDownloads).values({ documentId: document.id, listingId: document.listingId, userId: ctx.user.id, documentTitle: document.title, downloadedAt: now });
  const url = await ctx.documents.presignGet(key, DOWNLOAD_LINK_SECONDS, downloadName(document.title));
  return { url, expiresAt: new Date(now.getTime() + DOWNLOAD_LINK_SECONDS * 1000) };
}

/** 'Hvem har åpnet dokumentene': the owner's and staff's view of a listing's downloads, newest first. */
export async function downloadLog(ctx: SignedIn, listingId: string) {
  const role = await dataRoomRole(ctx, listingId);
  if (role !== 'owner' && role !== 'staff') throw notFound();
  const rows = await ctx.db
    .select({
      id: documentDownloads.id,
      documentTitle: documentDownloads.documentTitle,
      downloadedAt: documentDownloads.downloadedAt,
      email: users.email,
      deletedAt: users.deletedAt,
      fullName: profiles.fullName,
    })
    .from(documentDownloads)
    .innerJoin(users, eq(users.id, documentDownloads.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(documentDownloads.listingId, listingId))
    .orderBy(desc(documentDownloads.downloadedAt), desc(documentDownloads.id))
    .limit(LOG_ROWS);
  // A deleted account is 'Slettet bruker' (decision 088): its address and name are not shown.
  return rows.map((row) => ({
    id: row.id,
    documentTitle: row.documentTitle,
    downloadedAt: row.downloadedAt,
    name: row.deletedAt ? null : row.fullName?.trim() || displayNameFromEmail(row.email),
    email: row.deletedAt ? null : row.email,
  }));
}

/** The caller's own downloads, for 'Last ned mine data'. */
export async function downloadsOfUser(services: Pick<Services, 'db'>, userId: string) {
  return services.db
    .select({ listingId: documentDownloads.listingId, documentTitle: documentDownloads.documentTitle, downloadedAt: documentDownloads.downloadedAt })
    .from(documentDownloads)
    .where(eq(documentDownloads.userId, userId))
    .orderBy(desc(documentDownloads.downloadedAt));
}
