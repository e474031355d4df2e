import { sql } from 'drizzle-orm';
import { index, mysqlEnum, mysqlTable, text, tinyint, unique } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId, timestamp } from '../db/columns';
import { listings } from '../listing/listing.sql';
import { reportReasons, reportStatuses } from './enums';

export { reportReasons, reportStatuses, type ReportReason, type ReportStatus } from './enums';

/**
 * A user's report of a listing (decision 050, migration 0011). One open report per user and listing,
 * held by the database: `open_marker` is 1 while open and NULL after, and a unique index over
 * (listing, reporter, marker) lets any number of handled reports sit beside one open one
 * (NULLs are never equal), so two simultaneous reports cannot both be stored.
 */
export const listingReports = mysqlTable(
  'listing_reports',
  {
    id: primaryId(),
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reporterId: id('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: mysqlEnum('reason', reportReasons).notNull(),
    comment: text('comment'),
    status: mysqlEnum('status', reportStatuses).notNull().default('open'),
    openMarker: tinyint('open_marker').generatedAlwaysAs(sql`(case when \`status\` = 'open' then 1 else null end)`, { mode: 'stored' }),
    // SET NULL: the record outlives an admin account that is deleted.
    handledBy: id('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('listing_reports_open_uq').on(t.listingId, t.reporterId, t.openMarker),
    index('listing_reports_status_created_idx').on(t.status, t.createdAt),
    index('listing_reports_reporter_idx').on(t.reporterId),
  ],
);
