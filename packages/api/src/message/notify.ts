import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { messageMail, messageTexts } from '@bedriftstorget/core/texts/messages';
import { vippsTexts } from '@bedriftstorget/core/texts/vipps';
import type { Context } from '../context';
import type { Database } from '../db/client';
import type { QueuedMail } from '../mail/outbox';
import { userChannel } from '../realtime/channels';

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

/**
 * The receiver's mail about a new message: subject and text with the sender's name (with their
 * 'Verifisert med Vipps' mark, as the inbox shows it), the listing's title and the message's first
 * 300 characters. Written to the outbox beside the message itself (message/send.ts, decision 092).
 */
export function messageMailOf(appUrl: string, to: string, text: string, sender: { name: string | null; verified: boolean }, listingTitle: string | null): QueuedMail {
  const title = listingTitle ?? messageTexts.unknownListing;
  const senderText = sender.name === null ? messageTexts.unknownUser : vippsTexts.named(sender.name, sender.verified);
  const excerpt = text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)} …` : text;
  const link = inboxLink(appUrl);
  return { kind: 'message', to, subject: messageMail.messageSubject(title), text: messageMail.messageText(senderText, title, excerpt, link), links: [link] };
}
