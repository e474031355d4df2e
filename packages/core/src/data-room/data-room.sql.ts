import { char, index, int, mysqlEnum, mysqlTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId, timestamp } from '../db/columns';
import { listings } from '../listing/listing.sql';
import { documentStatuses, DOCUMENT_TITLE_MAX, FILE_NAME_MAX } from './limits';

/**
 * 'Dokumenter' (decision 097, migration 0029): a listing's PDFs in the private documents bucket.
 * A row is `pending` from the presigned POST until the server has read and parsed the file, then
 * `ready` under a key only the server writes; `listings.document_count` counts the ready ones.
 */
export const listingDocuments = mysqlTable(
  'listing_documents',
  {
    id: primaryId(),
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The seller who uploaded it: 'Slett konto' finds the objects by it. */
    ownerId: id('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: mysqlEnum('status', documentStatuses).notNull().default('pending'),
    /** `documents/{listingId}/incoming/{uuid}.pdf` while pending, `documents/{listingId}/{uuid}.pdf` when ready. */
    storageKey: varchar('storage_key', { length: 160 }).notNull(),
    title: varchar('title', { length: DOCUMENT_TITLE_MAX }).notNull(),
    fileName: varchar('file_name', { length: FILE_NAME_MAX }).notNull(),
    size: int('size', { unsigned: true }),
    pages: smallint('pages', { unsigned: true }),
    /** SHA-256 of a ready document's bytes (migration 0036): the same file twice on one listing is refused (decision 113). */
    contentSha256: char('content_sha256', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_documents_listing_idx').on(t.listingId, t.status),
    index('listing_documents_owner_idx').on(t.ownerId),
    uniqueIndex('listing_documents_content_uq').on(t.listingId, t.contentSha256),
  ],
);

/**
 * Every 'Last ned' (decision 097): who took a stamped copy of which document and when, for the
 * seller's 'Hvem har åpnet dokumentene'. The title is copied so the log outlives a deleted document.
 */
export const documentDownloads = mysqlTable(
  'document_downloads',
  {
    id: primaryId(),
    documentId: id('document_id').references(() => listingDocuments.id, { onDelete: 'set null' }),
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentTitle: varchar('document_title', { length: DOCUMENT_TITLE_MAX }).notNull(),
    downloadedAt: timestamp('downloaded_at').notNull(),
  },
  (t) => [index('document_downloads_listing_idx').on(t.listingId, t.downloadedAt), index('document_downloads_user_idx').on(t.userId)],
);
