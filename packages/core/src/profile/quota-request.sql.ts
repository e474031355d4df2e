import { char, index, int, mysqlEnum, mysqlTable, text, unique } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, primaryId, timestamp } from '../db/columns';
import { plans, quotaRequestStatuses } from './enums';

/**
 * 'Be om flere annonser' (decision 141, migration 0052): a seller asks for a higher listing limit;
 * staff answer from /admin/brukere, raising the limit or the plan with a note, or declining with one.
 */
export const quotaRequests = mysqlTable(
  'quota_requests',
  {
    id: primaryId(),
    userId: char('user_id', { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's id while the request waits, else null: its unique key allows one open request per user. */
    openFor: char('open_for', { length: 36 }),
    /** How many listings the user asks to have in all. */
    wanted: int('wanted').notNull(),
    message: text('message'),
    status: mysqlEnum('status', quotaRequestStatuses).notNull().default('open'),
    answerNote: text('answer_note'),
    grantedMax: int('granted_max'),
    grantedPlan: mysqlEnum('granted_plan', plans),
    answeredBy: char('answered_by', { length: 36 }).references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('quota_requests_open_uq').on(t.openFor), index('quota_requests_user_idx').on(t.userId, t.createdAt)],
);
