import { boolean, char, date, index, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { createdAt, timestamp } from '../db/columns';
import { registryStatuses } from './enums';

export { registryStatuses, type RegistryStatus } from './enums';

/**
 * What Enhetsregisteret answered about an organisasjonsnummer (decision 094, migration 0026): one
 * row per company, shared by the listings and revisions that name it, so a revision naming another
 * company has its own answer without copying. `pending` (the registry was down or slow) is asked
 * again by the scheduled job; `not_found` is a company the registry stopped knowing after it was saved.
 */
export const companyRegistry = mysqlTable(
  'company_registry',
  {
    orgnr: char('orgnr', { length: 9 }).primaryKey(),
    status: mysqlEnum('status', registryStatuses).notNull().default('pending'),
    name: varchar('name', { length: 255 }),
    formCode: varchar('form_code', { length: 16 }),
    formText: varchar('form_text', { length: 255 }),
    kommune: varchar('kommune', { length: 100 }),
    kommunenummer: varchar('kommunenummer', { length: 8 }),
    /** Forretningsadresse, or postadresse when it has none, as one line; staff only. */
    address: varchar('address', { length: 500 }),
    bankrupt: boolean('bankrupt').notNull().default(false),
    liquidation: boolean('liquidation').notNull().default(false),
    forcedLiquidation: boolean('forced_liquidation').notNull().default(false),
    deletedOn: date('deleted_on', { mode: 'string' }),
    /** When the registry last answered (found or not); NULL while it never has. */
    checkedAt: timestamp('checked_at'),
    /** The last time anyone asked, answered or not: the job retries the longest-waiting first. */
    attemptedAt: timestamp('attempted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('company_registry_status_attempted_idx').on(t.status, t.attemptedAt)],
);
