import { index, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { createdAt, primaryId, timestamp } from '../db/columns';

/** A guest who filled the wizard and left an e-mail gets one reminder if no listing follows. */
export const draftReminders = mysqlTable(
  'draft_reminders',
  {
    id: primaryId(),
    email: varchar('email', { length: 255 }).notNull(),
    title: varchar('title', { length: 100 }),
    remindAfter: timestamp('remind_after').notNull(),
    sentAt: timestamp('sent_at'),
    cancelledAt: timestamp('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('draft_reminders_due_idx').on(t.sentAt, t.cancelledAt, t.remindAfter), index('draft_reminders_email_idx').on(t.email)],
);
