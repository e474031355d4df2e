import { char, datetime, decimal } from 'drizzle-orm/mysql-core';
import { sql } from 'drizzle-orm';

/** Primary and foreign keys are UUIDs (36 chars): the admin log shows their first 8 characters. */
export const id = (name = 'id') => char(name, { length: 36 });

export const primaryId = () =>
  id()
    .primaryKey()
    // $defaultFn also makes $returningId() work for a char primary key: without it drizzle returns no id.
    .$defaultFn(() => crypto.randomUUID());

/** Times are stored in UTC with millisecond precision. */
export const timestamp = (name: string) => datetime(name, { mode: 'date', fsp: 3 });

export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .default(sql`CURRENT_TIMESTAMP(3)`);

/** Money in NOK with øre; read back as numbers. */
export const money = (name: string) => decimal(name, { precision: 15, scale: 2, mode: 'number' });
