import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq } from 'drizzle-orm';
import { listingDocuments } from '@bedriftstorget/core/data-room/data-room.sql';
import {
  DOCUMENT_CONTENT_TYPE, DOCUMENT_PREFIX, DOCUMENT_TITLE_MAX, DOCUMENT_UPLOAD_PREFIX, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS,
} from '@bedriftstorget/core/data-room/limits';
import { listings, storageDeletions } from '@bedriftstorget/core/listing/listing.sql';
import { dataRoomTexts as texts } from '@bedriftstorget/core/texts/data-room';
import type { Services } from '../context';
import { affectedRows } from '../db/client';
import { dataRoomRole, notFound, recountDocuments, type SignedIn } from './access';
import { DocumentRefusal, inspectPdf } from './pdf';

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** What a reader of the list learns of a document: no keys, no file name, no uploader. */
const listed = { id: listingDocuments.id, title: listingDocuments.title, pages: listingDocuments.pages, size: listingDocuments.size, createdAt: listingDocuments.createdAt };

/** The file's name without '.pdf', cut to the title's length: the default title. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.pdf$/i, '').trim() || fileName;
  return base.slice(0, DOCUMENT_TITLE_MAX);
}

/** The list for the owner, staff and buyers with access; everyone else is told the listing is not there. */
export async function listDocuments(ctx: SignedIn, listingId: string) {
  const role = await dataRoomRole(ctx, listingId);
  if (!role) throw notFound();
  const documents = await ctx.db
    .select(listed)
    .from(listingDocuments)
    .where(and(eq(listingDocuments.listingId, listingId), eq(listingDocuments.status, 'ready')))
    .orderBy(listingDocuments.createdAt, listingDocuments.id);
  return { canManage: role === 'owner', documents };
}

/**
 * One upload for the owner of the listing: a row waiting for its check and a presigned POST for
 * exactly `document-uploads/{listingId}/{uuid}.pdf`, application/pdf, at most 20 MB. At most ten
 * documents may be ready, and at most ten wait at a time.
 */
export async function presignDocument(ctx: SignedIn, input: { listingId: string; fileName: string; size: number }) {
  const [listing] = await ctx.db.select({ id: listings.id }).from(listings).where(and(eq(listings.id, input.listingId), eq(listings.ownerId, ctx.user.id)));
  if (!listing) throw notFound();
  if (input.size > MAX_DOCUMENT_BYTES) throw refuse(texts.tooLarge);
  const counts = await ctx.db
    .select({ status: listingDocuments.status, n: count() })
    .from(listingDocuments)
    .where(eq(listingDocuments.listingId, input.listingId))
    .groupBy(listingDocuments.status);
  if (counts.some((row) => row.n >= MAX_DOCUMENTS)) throw refuse(texts.tooMany);
  const key = `${DOCUMENT_UPLOAD_PREFIX}${input.listingId}/${crypto.randomUUID()}.pdf`;
  const post = await ctx.documents.presignPost(key, DOCUMENT_CONTENT_TYPE, MAX_DOCUMENT_BYTES);
  const [created] = await ctx.db
    .insert(listingDocuments)
    .values({ listingId: input.listingId, ownerId: ctx.user.id, storageKey: key, title: titleFromFileName(input.fileName), fileName: input.fileName })
    .$returningId();
  return { documentId: created!.id, url: post.url, fields: post.fields, maxBytes: MAX_DOCUMENT_BYTES };
}

/** A refused or abandoned upload: its object and its row go. */
async function discard(services: Pick<Services, 'db' | 'documents'>, document: { id: string; storageKey: string }): Promise<void> {
  await services.documents.delete(document.storageKey).catch((error: unknown) => console.error('could not delete', document.storageKey, error));
  await services.db.delete(listingDocuments).where(and(eq(listingDocuments.id, document.id), eq(listingDocuments.status, 'pending')));
}

/**
 * Reads what arrived and parses it (pdf.ts). A sane PDF is written by the server to a key of its own
 * under `documents/` (so a second POST to the upload's key changes nothing) and counted on the
 * listing in the same transaction; anything else is deleted and refused in Norwegian.
 */
export async function confirmDocument(ctx: SignedIn, input: { documentId: string; title?: string | undefined }) {
  const [document] = await ctx.db.select().from(listingDocuments).where(and(eq(listingDocuments.id, input.documentId), eq(listingDocuments.ownerId, ctx.user.id)));
  if (!document) throw notFound();
  if (document.status === 'ready') return { id: document.id, title: document.title, pages: document.pages, size: document.size };
  const size = await ctx.documents.size(document.storageKey);
  if (size === null) {
    await discard(ctx, document);
    throw refuse(texts.uploadFailed);
  }
  if (size > MAX_DOCUMENT_BYTES) {
    await discard(ctx, document);
    throw refuse(texts.tooLarge);
  }
  const bytes = await ctx.documents.read(document.storageKey);
  let pages: number;
  try {
    if (!bytes || bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentRefusal(texts.notPdf);
    ({ pages } = await inspectPdf(bytes));
  } catch (error) {
    if (!(error instanceof DocumentRefusal)) throw error;
    await discard(ctx, document);
    throw refuse(error.message);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const finalKey = `${DOCUMENT_PREFIX}${document.listingId}/${crypto.randomUUID()}.pdf`;
  await ctx.documents.put(finalKey, bytes, DOCUMENT_CONTENT_TYPE);
  const title = input.title || document.title;
  const outcome = await ctx.db.transaction(async (tx) => {
    // The listing's row is the lock: two confirms at once cannot both be the tenth.
    const [listing] = await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, document.listingId)).for('update');
    if (!listing) return 'gone' as const;
    const [ready] = await tx.select({ n: count() }).from(listingDocuments).where(and(eq(listingDocuments.listingId, document.listingId), eq(listingDocuments.status, 'ready')));
    if ((ready?.n ?? 0) >= MAX_DOCUMENTS) return 'full' as const;
    // The same file twice (a double press on 'Last opp', decision 113) is refused; the listing's lock
    // makes the look-up safe, the unique index is the rule.
    const [twin] = await tx.select({ id: listingDocuments.id }).from(listingDocuments).where(and(eq(listingDocuments.listingId, document.listingId), eq(listingDocuments.contentSha256, sha256)));
    if (twin) return 'duplicate' as const;
    const won = affectedRows(
      await tx
        .update(listingDocuments)
        .set({ status: 'ready', storageKey: finalKey, size: bytes.length, pages, title, contentSha256: sha256 })
        .where(and(eq(listingDocuments.id, document.id), eq(listingDocuments.status, 'pending'))),
    );
    if (won !== 1) return 'gone' as const;
    await recountDocuments(tx, document.listingId);
    return 'ready' as const;
  });
  if (outcome !== 'ready') {
    await ctx.documents.delete(finalKey).catch(() => undefined);
    if (outcome === 'full') {
      await discard(ctx, document);
      throw refuse(texts.tooMany);
    }
    if (outcome === 'duplicate') {
      await discard(ctx, document);
      throw refuse(texts.duplicate);
    }
    throw refuse(texts.uploadFailed);
  }
  await ctx.documents.delete(document.storageKey).catch((error: unknown) => console.error('could not delete', document.storageKey, error));
  return { id: document.id, title, pages, size: bytes.length };
}

/** The seller's own title for a ready document. */
export async function renameDocument(ctx: SignedIn, input: { documentId: string; title: string }) {
  const [document] = await ctx.db
    .select({ id: listingDocuments.id })
    .from(listingDocuments)
    .where(and(eq(listingDocuments.id, input.documentId), eq(listingDocuments.ownerId, ctx.user.id), eq(listingDocuments.status, 'ready')));
  if (!document) throw notFound();
  await ctx.db.update(listingDocuments).set({ title: input.title }).where(eq(listingDocuments.id, document.id));
  return { id: document.id, title: input.title };
}

/** Deletes an own document: the row and the count in one transaction, the object after the commit. */
export async function removeDocument(ctx: SignedIn, documentId: string): Promise<void> {
  const key = await ctx.db.transaction(async (tx) => {
    const [document] = await tx
      .select({ id: listingDocuments.id, listingId: listingDocuments.listingId, storageKey: listingDocuments.storageKey })
      .from(listingDocuments)
      .where(and(eq(listingDocuments.id, documentId), eq(listingDocuments.ownerId, ctx.user.id)))
      .for('update');
    if (!document) throw notFound();
    await tx.delete(listingDocuments).where(eq(listingDocuments.id, document.id));
    await recountDocuments(tx, document.listingId);
    return document.storageKey;
  });
  await removeDocumentObjects(ctx, [key]);
}

/** After a commit: each object deleted now, or left in storage_deletions for the scheduled job. */
export async function removeDocumentObjects(services: Pick<Services, 'db' | 'documents'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await services.documents.delete(key);
    } catch (error) {
      console.error('could not delete', key, 'left for the scheduled job', error);
      await services.db.insert(storageDeletions).values({ storageKey: key }).onDuplicateKeyUpdate({ set: { attempts: 0 } });
    }
  }
}

/** The owner's documents newest first, for 'Last ned mine data' (titles, never the files). */
export async function documentsOfOwner(services: Pick<Services, 'db'>, userId: string) {
  return services.db
    .select({ listingId: listingDocuments.listingId, title: listingDocuments.title, fileName: listingDocuments.fileName, pages: listingDocuments.pages, size: listingDocuments.size, uploadedAt: listingDocuments.createdAt })
    .from(listingDocuments)
    .where(and(eq(listingDocuments.ownerId, userId), eq(listingDocuments.status, 'ready')))
    .orderBy(desc(listingDocuments.createdAt));
}
