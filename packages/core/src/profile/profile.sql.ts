import { int, mysqlEnum, mysqlTable, unique, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId } from '../db/columns';

export const userTypes = ['individual', 'company', 'broker'] as const;
export const plans = ['free', 'pro', 'partner'] as const;
export const DEFAULT_MAX_LISTINGS = 3;

/** One profile per user, created with the account; its id is the user's id. */
export const profiles = mysqlTable('profiles', {
  id: id()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: varchar('full_name', { length: 100 }),
  companyName: varchar('company_name', { length: 100 }),
  phone: varchar('phone', { length: 32 }),
  userType: mysqlEnum('user_type', userTypes).notNull().default('individual'),
  plan: mysqlEnum('plan', plans).notNull().default('free'),
  maxListings: int('max_listings').notNull().default(DEFAULT_MAX_LISTINGS),
  createdAt: createdAt(),
});

export const roles = ['admin'] as const;

export const userRoles = mysqlTable(
  'user_roles',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: mysqlEnum('role', roles).notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('user_roles_user_role_uq').on(t.userId, t.role)],
);
