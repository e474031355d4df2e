import { char, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { users } from './auth.sql';
import { createdAt, id, timestamp } from '../db/columns';

/**
 * A person's Vipps identity (decision 119): Vipps's pairwise `sub` for us (it signs them in), the
 * name and phone Vipps vouched for (BankID-verified) and when. No national identity number, no
 * birth date: nothing the mark does not need. `verifiedAt` is cleared when the profile's name is
 * changed away from the verified name: the mark is gone until 'Verifiser deg med Vipps' again.
 */
export const vippsIdentities = mysqlTable('vipps_identities', {
  userId: id('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sub: varchar('sub', { length: 255 }).notNull().unique(),
  verifiedName: varchar('verified_name', { length: 100 }).notNull(),
  verifiedPhone: varchar('verified_phone', { length: 32 }),
  verifiedAt: timestamp('verified_at'),
  createdAt: createdAt(),
});

/**
 * 'Logg inn med Vipps' for an address that already has an account (decision 119): Vipps's person
 * waits here until the browser proves the account — its password, or the link mailed to it.
 * Only hashes of the browser's token (cookie) and the mailed token are kept; an hour at most.
 */
export const vippsPendingLinks = mysqlTable('vipps_pending_links', {
  tokenHash: char('token_hash', { length: 64 }).primaryKey(),
  mailTokenHash: char('mail_token_hash', { length: 64 }).unique(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sub: varchar('sub', { length: 255 }).notNull(),
  verifiedName: varchar('verified_name', { length: 100 }).notNull(),
  verifiedPhone: varchar('verified_phone', { length: 32 }),
  expiresAt: timestamp('expires_at').notNull(),
  createdAt: createdAt(),
});
