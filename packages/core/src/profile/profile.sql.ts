import { int, mysqlEnum, mysqlTable, unique, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId } from '../db/columns';
import { plans, roles, userTypes } from './enums';

export { DEFAULT_MAX_LISTINGS, plans, roles, userTypes } from './enums';

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
  /** An admin's grant for this user; null follows the setting 'Maks annonser per bruker (publiserte og til godkjenning)'. */
  maxListings: int('max_listings'),
  createdAt: createdAt(),
});

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
