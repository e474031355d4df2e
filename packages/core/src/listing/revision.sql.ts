import { sql } from 'drizzle-orm';
import { index, json, mysqlEnum, mysqlTable, text, tinyint, unique, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId, timestamp } from '../db/columns';
import type { ListingFields } from './form-schema';
import { listings } from './listing.sql';

export const revisionStatuses = ['pending', 'approved', 'rejected'] as const;
export type RevisionStatus = (typeof revisionStatuses)[number];

/** One image of a revision, in order: an image the listing has (its listing_images id) or a new one (a fresh id). */
export interface RevisionImage {
  id: string;
  imageUrl: string;
  storageKey: string | null;
}

/**
 * A seller's edit of a published listing, waiting for staff (decision 086, migration 0018). The
 * listings row stays the approved, public version; approval copies `fields` and `images` into it.
 * One pending revision per listing, held by the database: `pending_marker` is 1 while pending and
 * NULL after, and the unique index over (listing, marker) ignores NULLs (as listing_reports does).
 */
export const listingRevisions = mysqlTable(
  'listing_revisions',
  {
    id: primaryId(),
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    status: mysqlEnum('status', revisionStatuses).notNull().default('pending'),
    pendingMarker: tinyint('pending_marker').generatedAlwaysAs(sql`(case when \`status\` = 'pending' then 1 else null end)`, { mode: 'stored' }),
    /** The whole form as the seller saved it (the wizard always sends every field). */
    fields: json('fields').$type<ListingFields>().notNull(),
    images: json('images').$type<RevisionImage[]>().notNull(),
    rejectReason: varchar('reject_reason', { length: 32 }),
    rejectNote: text('reject_note'),
    // SET NULL: the record outlives an admin account that is deleted.
    decidedBy: id('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at'),
    /** The latest save of this revision: the queue orders by it. */
    submittedAt: timestamp('submitted_at')
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
    /** Set by the review-queue job when the admins were alerted about this revision (migration 0025); a new save clears it. */
    reviewAlertedAt: timestamp('review_alerted_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('listing_revisions_pending_uq').on(t.listingId, t.pendingMarker), index('listing_revisions_status_submitted_idx').on(t.status, t.submittedAt)],
);
