import { boolean, index, mysqlTable, text, unique, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId } from '../db/columns';
import { listings } from '../listing/listing.sql';

export const messages = mysqlTable(
  'messages',
  {
    id: primaryId(),
    // SET NULL: deleting a listing keeps the conversation (shown as 'Ukjent listing').
    listingId: id('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    senderId: id('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: id('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageText: varchar('message_text', { length: 1000 }).notNull(),
    read: boolean('read').notNull().default(false),
    /**
     * Chosen by the sender's browser for each message it sends: a retry, a second tab or the
     * resend after login carries the same id, and the unique key makes it one message.
     */
    clientMessageId: varchar('client_message_id', { length: 64 }),
    createdAt: createdAt(),
    /**
     * Set when a confidential listing is deleted (migration 0031, decision 099): the seller, who
     * stays 'Konfidensiell selger' to this buyer once the listing that said so is gone. NULL otherwise.
     */
    anonymousSellerId: id('anonymous_seller_id'),
  },
  (t) => [
    unique('messages_sender_client_uq').on(t.senderId, t.clientMessageId),
    index('messages_receiver_read_idx').on(t.receiverId, t.read),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    index('messages_receiver_idx').on(t.receiverId, t.createdAt),
    index('messages_listing_idx').on(t.listingId),
    index('messages_listing_created_idx').on(t.listingId, t.createdAt),
    index('messages_created_idx').on(t.createdAt),
  ],
);

export const leads = mysqlTable(
  'leads',
  {
    id: primaryId(),
    listingId: id('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    buyerId: id('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerName: varchar('buyer_name', { length: 100 }).notNull(),
    buyerEmail: varchar('buyer_email', { length: 255 }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('leads_listing_idx').on(t.listingId), index('leads_created_idx').on(t.createdAt), index('leads_listing_created_idx').on(t.listingId, t.createdAt)],
);
