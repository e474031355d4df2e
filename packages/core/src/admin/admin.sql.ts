import { index, json, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId } from '../db/columns';

export const adminTargetTypes = ['listing', 'profile', 'lead', 'user_role', 'setting', 'valuation'] as const;

export const adminLogs = mysqlTable(
  'admin_logs',
  {
    id: primaryId(),
    // SET NULL: the log outlives an admin account that is deleted.
    adminId: id('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 100 }).notNull(),
    targetType: mysqlEnum('target_type', adminTargetTypes).notNull(),
    targetId: varchar('target_id', { length: 36 }),
    details: json('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_logs_created_idx').on(t.createdAt)],
);
