import { index, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, money, primaryId, timestamp } from '../db/columns';
import { industries, listings } from '../listing/listing.sql';
import { valuationStatuses } from './enums';

export { valuationStatuses, type ValuationStatus } from './enums';


/** A free valuation someone asked for, kept for staff to follow up. */
export const valuationRequests = mysqlTable(
  'valuation_requests',
  {
    id: primaryId(),
    userId: id('user_id').references(() => users.id, { onDelete: 'set null' }),
    listingId: id('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    email: varchar('email', { length: 255 }),
    industry: mysqlEnum('industry', industries).notNull(),
    revenue: money('revenue'),
    profit: money('profit'),
    lowValue: money('low_value').notNull(),
    highValue: money('high_value').notNull(),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at'),
    /** Staff's follow-up: Ny, Kontaktet, Avsluttet. */
    status: mysqlEnum('status', valuationStatuses).notNull().default('new'),
  },
  (t) => [index('valuation_requests_created_idx').on(t.createdAt)],
);
