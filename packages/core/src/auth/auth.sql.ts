import { boolean, index, int, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, primaryId, timestamp } from '../db/columns';

export const users = mysqlTable('users', {
  id: primaryId(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** scrypt hash in our own `scrypt$N$r$p$salt$hash` format; null for Google-only accounts. */
  passwordHash: varchar('password_hash', { length: 255 }),
  googleId: varchar('google_id', { length: 255 }).unique(),
  createdAt: createdAt(),
  /**
   * Set when the account was deleted ('Slett konto', decision 088): the row stays as an anonymous
   * tombstone (address replaced, no password, no Google id) so the other party's conversations keep it.
   */
  deletedAt: timestamp('deleted_at'),
}, (t) => [index('users_created_idx').on(t.createdAt)]);

/** Lucia's session table (DrizzleMySQLAdapter): id, user_id, expires_at. */
export const sessions = mysqlTable(
  'sessions',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailTokenPurposes = ['verify_email', 'reset_password', 'delete_account'] as const;

/** One-time links sent by e-mail. Only the SHA-256 of the token is stored. */
export const emailTokens = mysqlTable(
  'email_tokens',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: mysqlEnum('purpose', emailTokenPurposes).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Fixed-window counters for rate limits; kept in the database so they hold across Lambda instances. */
export const rateLimits = mysqlTable('rate_limits', {
  key: varchar('key', { length: 191 }).primaryKey(),
  windowStartedAt: timestamp('window_started_at').notNull(),
  hits: int('hits').notNull(),
});

export const consentMethods = ['password', 'google', 'vipps'] as const;

/**
 * Consents to the terms and privacy text (decision 089): one row each time it is given, with the
 * catalogue's version of the text the person saw (texts/privacy.ts) and how they signed up.
 */
export const consents = mysqlTable(
  'consents',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    textVersion: varchar('text_version', { length: 32 }).notNull(),
    method: mysqlEnum('method', consentMethods).notNull(),
    givenAt: timestamp('given_at').notNull().default(sql`CURRENT_TIMESTAMP(3)`),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.givenAt)],
);
