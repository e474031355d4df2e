import { sql } from 'drizzle-orm';
import { boolean, datetime, index, int, mysqlEnum, mysqlTable, tinyint } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { id, primaryId, timestamp } from '../db/columns';
import { listings } from '../listing/listing.sql';

/**
 * The back office's settings: one row (id 1, inserted by migration 0007), typed columns so the
 * server reads them without parsing. Read fresh where each rule is enforced, so a change is
 * effective for the next action.
 */
export const appSettings = mysqlTable('app_settings', {
  id: tinyint('id').primaryKey(),
  reviewPromiseHours: int('review_promise_hours').notNull().default(24),
  reviewAlertHours: int('review_alert_hours').notNull().default(20),
  maxActiveListings: int('max_active_listings').notNull().default(3),
  signupsOpen: boolean('signups_open').notNull().default(true),
  /** The rules the search index's terms were written by (decision 148); `ops backfill` brings it to SEARCH_INDEX_VERSION. */
  searchIndexVersion: int('search_index_version').notNull().default(0),
  updatedAt: datetime('updated_at', { mode: 'date', fsp: 3 })
    .notNull()
    .default(sql`CURRENT_TIMESTAMP(3)`),
});

export const reviewDecisions = ['approve', 'reject'] as const;

/**
 * One row per review decision (approve, reject, or 'Sett aktiv' on a pending listing), with the
 * submission it answered: the source of 'Tid til godkjenning' and of approvals/rejections per day.
 */
export const listingReviews = mysqlTable(
  'listing_reviews',
  {
    id: primaryId(),
    listingId: id('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    adminId: id('admin_id').references(() => users.id, { onDelete: 'set null' }),
    decision: mysqlEnum('decision', reviewDecisions).notNull(),
    submittedAt: timestamp('submitted_at').notNull(),
    decidedAt: timestamp('decided_at').notNull(),
  },
  // Covering: approvals/rejections per day and the review times read only this index (migration 0009).
  (t) => [index('listing_reviews_decision_decided_idx').on(t.decision, t.decidedAt, t.submittedAt)],
);

