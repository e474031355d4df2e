import { index, mysqlEnum, mysqlTable, text, unique, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId, timestamp } from '../db/columns';
import { listings } from '../listing/listing.sql';
import { accessStatuses } from './enums';

export { accessStatuses, type AccessStatus } from './enums';

/**
 * A buyer's 'Be om tilgang' to a listing's documents (decision 096, migration 0027): one row per
 * buyer and listing, with the non-disclosure agreement the buyer accepted (its version, when, and
 * from which network address) kept for disputes. Only `granted` opens the data room.
 */
export const accessRequests = mysqlTable(
  'access_requests',
  {
    id: primaryId(),
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: id('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: mysqlEnum('status', accessStatuses).notNull().default('pending'),
    message: text('message'),
    /** The Taushetserklæring's version in the text catalogue when the buyer ticked the box. */
    ndaVersion: varchar('nda_version', { length: 32 }).notNull(),
    ndaAcceptedAt: timestamp('nda_accepted_at').notNull(),
    /** The caller's network address as the request log records it. */
    ndaAcceptedFrom: varchar('nda_accepted_from', { length: 64 }).notNull(),
    answeredAt: timestamp('answered_at'),
    createdAt: createdAt(),
    /**
     * Who accepted, as they were named then (migration 0030, decision 100): kept with the acceptance,
     * so the record still says who agreed after the account is deleted. NULL on rows from before:
     * read from the account while it exists, copied here when it is deleted.
     */
    ndaName: varchar('nda_name', { length: 100 }),
    ndaEmail: varchar('nda_email', { length: 255 }),
    /**
     * Set when the buyer deletes the account: the row is then only the Taushetserklæring's record,
     * kept until this time (two years after the deletion, GDPR art. 17(3)(e)), and the scheduled job
     * deletes it after (decision 100). NULL while the account exists.
     */
    keptUntil: timestamp('kept_until'),
    /**
     * The seller let this buyer into the data room again after the listing stopped being for sale
     * (decision 101): sold, withdrawn or deactivated closes the documents to every other buyer.
     */
    reopenedAt: timestamp('reopened_at'),
  },
  (t) => [
    unique('access_requests_listing_buyer_uq').on(t.listingId, t.buyerId),
    index('access_requests_buyer_idx').on(t.buyerId),
    index('access_requests_listing_status_idx').on(t.listingId, t.status),
    index('access_requests_kept_until_idx').on(t.keptUntil),
  ],
);
