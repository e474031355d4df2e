import { and, eq, lt, or } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { messageMail, messageTexts } from '@bedriftstorget/core/texts/messages';
import type { OutgoingMail } from '../adapters/mailer';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { userChannel } from '../realtime/channels';
import { inConversation, personName } from './conversations';

/** Both people's tabs refresh their unread count, inbox and open conversation. */
export const MESSAGES_CHANGED = 'messages.changed';

const EXCERPT_LENGTH = 300;

export async function publishChanged(ctx: Context, ...userIds: string[]): Promise<void> {
  await Promise.all([...new Set(userIds)].map((id) => ctx.realtime.publish(userChannel(id), { type: MESSAGES_CHANGED })));
}

export function inboxLink(ctx: Context): string {
  return `${ctx.config.appUrl}/meldinger`;
}

export async function emailOf(ctx: Context, userId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** A stored message or lead stands even if its mail fails: the inbox is the record. */
export async function sendQuietly(ctx: Context, mail: OutgoingMail): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    console.error(`mail to ${mail.to} failed`, error);
  }
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

export async function notifyReceiver(ctx: Context, row: MessageRow, listingTitle: string | null): Promise<void> {
  const to = await emailOf(ctx, row.receiverId);
  if (!to) return;
  const title = listingTitle ?? messageTexts.unknownListing;
  const sender = (await personName(ctx.db, row.senderId)) ?? messageTexts.unknownUser;
  const excerpt = row.messageText.length > EXCERPT_LENGTH ? `${row.messageText.slice(0, EXCERPT_LENGTH)} …` : row.messageText;
  const link = inboxLink(ctx);
  await sendQuietly(ctx, { to, subject: messageMail.messageSubject(title), text: messageMail.messageText(sender, title, excerpt, link), links: [link] });
}
