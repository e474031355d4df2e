import { mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { timestamp } from '../db/columns';

/**
 * Where the orphan sweep (decision 133) stopped in each bucket: the last key it looked at, or null
 * to start from the beginning. A run reads a few pages and goes on from here at the next one.
 */
export const storageSweeps = mysqlTable('storage_sweeps', {
  bucket: varchar('bucket', { length: 32 }).primaryKey(),
  afterKey: varchar('after_key', { length: 1024 }),
  updatedAt: timestamp('updated_at').notNull(),
});
