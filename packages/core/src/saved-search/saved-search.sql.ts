import { sql } from 'drizzle-orm';
import { bigint, customType, index, json, mysqlEnum, mysqlTable, tinyint, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId, timestamp } from '../db/columns';
import { industries, listings } from '../listing/listing.sql';
import { alertFrequencies } from './enums';
import type { SavedFilters } from './schemas';

/** A term column compares like listing_terms.term (binary: 'ø' is not 'o'), so buckets never miss. */
const binaryTerm = customType<{ data: string }>({ dataType: () => 'varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin' });
/** The token compares case-sensitively: base64url letters differ by case. */
const asciiToken = customType<{ data: string; notNull: true }>({ dataType: () => 'varchar(64) CHARACTER SET ascii COLLATE ascii_bin' });

/**
 * A buyer's saved browse filters (decision 046). The bucket columns say which listings can match
 * at all, so a new listing reads only its candidates: its rarest-looking search word (`term_key`),
 * else its place, else its industry; a search with none of these is a candidate for every listing.
 */
export const savedSearches = mysqlTable(
  'saved_searches',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    filters: json('filters').$type<SavedFilters>().notNull(),
    alerts: mysqlEnum('alerts', alertFrequencies).notNull().default('instant'),
    termKey: binaryTerm('term_key'),
    placeKey: varchar('place_key', { length: 100 }),
    industryKey: mysqlEnum('industry_key', industries),
    /** The capability in the unsubscribe link: random, unguessable, needs no login (decision 047). */
    unsubscribeToken: asciiToken('unsubscribe_token').notNull(),
    /** The last mail sent for this search: a digest goes at most once a day. */
    lastSentAt: timestamp('last_sent_at'),
    /** Claimed by a job run while it mails; a crashed run's claim expires (see alerts/send.ts). */
    sendingUntil: timestamp('sending_until'),
    /**
     * The watermark (decision 082): every listing stamped up to here has been mailed or passed over
     * for this search. Set to the clock when the search is saved, so older listings are never sent.
     */
    seenSeq: bigint('seen_seq', { mode: 'number', unsigned: true }).notNull().default(0),
    /** The highest stamp of a listing matched since the watermark; NULL when nothing waits to be mailed. */
    pendingSeq: bigint('pending_seq', { mode: 'number', unsigned: true }),
    /**
     * When the alerts were last turned on: the save, or turning them on again after 'Aldri'. A mail
     * names only listings published since (decision 089); NULL on rows older than it: created_at.
     */
    alertsSince: timestamp('alerts_since'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_bucket_idx').on(t.termKey, t.placeKey, t.industryKey),
    uniqueIndex('saved_searches_token_idx').on(t.unsubscribeToken),
    // The mail step reads only the searches with something waiting.
    index('saved_searches_pending_idx').on(t.pendingSeq),
  ],
);

/**
 * The alerts' clock (decision 082): one row whose `seq` only grows. The job stamps each newly public
 * listing with the next value (listings.alert_seq) while holding this row, so stamps commit in the
 * order they are given: whoever sees stamp N committed sees every stamp below it.
 */
export const savedSearchClock = mysqlTable('saved_search_clock', {
  id: tinyint('id').primaryKey(),
  seq: bigint('seq', { mode: 'number', unsigned: true }).notNull(),
});

/** Listings that became public and still have to be matched by the scheduled job. */
export const savedSearchQueue = mysqlTable('saved_search_queue', {
  listingId: id('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at')
    .notNull()
    .default(sql`CURRENT_TIMESTAMP(3)`),
});
