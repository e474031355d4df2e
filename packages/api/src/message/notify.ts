import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { messageMail, messageTexts } from '@bedriftstorget/core/texts/messages';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { userChannel } from '../realtime/channels';
import { inConversation, personName } from './conversations';

/** Both people's tabs refresh their unread count, inbox and open conversation. */
export const MESSAGES_CHANGED = 'messages.changed';

const EXCERPT_LENGTH = 300;

export async function publishChanged(ctx: Context, ...userIds: string[]): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => ctx.realtime.publish(userChannel(id), { type: MESSAGES_CHANGED })));
}

export function inboxLink(appUrl: string): string {
  return `${appUrl}/meldinger`;
}

export async function emailOf(db: Database, userId: string): Promise<string | null> {
  // A deleted account's row holds no address (decision 088): nothing is mailed to it.
  const [row] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.email ?? null;
}

type MessageRow = typeof messages.$inferSelect;

/**
 * One mail per burst: only when no unread message of this conversation came before this one.
 * "Before" is (created_at, id), so of messages sent at the same moment exactly one is first.
 */
export async function isFirstUnread(db: Database, row: MessageRow): Promise<boolean> {
  const [earlierUnread] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        inConversation(row.receiverId, { listingId: row.listingId, counterpartId: row.senderId }),
        eq(messages.receiverId, row.receiverId),
        eq(messages.read, false),
        or(lt(messages.createdAt, row.createdAt), and(eq(messages.createdAt, row.createdAt), lt(messages.id, row.id))),
      ),
    )
    .limit(1);
  return !earlierUnread;
}

/**
 * The receiver's mail about a new message, queued in the message's transaction (decision 070):
 * the message and its mail exist together, and a refused send is retried by the job.
 */
export async function queueMessageMail(tx: Database, appUrl: string, row: MessageRow, listingTitle: string | null): Promise<string | null> {
  const to = await emailOf(tx, row.receiverId);
  if (!to) return null;
  const title = listingTitle ?? messageTexts.unknownListing;
  const sender = (await personName(tx, row.senderId)) ?? messageTexts.unknownUser;
  const excerpt = row.messageText.length > EXCERPT_LENGTH ? `${row.messageText.slice(0, EXCERPT_LENGTH)} …` : row.messageText;
  const link = inboxLink(appUrl);
  return enqueueMail(tx, { kind: 'message', to, subject: messageMail.messageSubject(title), text: messageMail.messageText(sender, title, excerpt, link), links: [link] });
}
