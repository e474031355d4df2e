import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import type { ContactSellerInput, ConversationKey } from '@bedriftstorget/core/message/schemas';
import { messageTexts } from '@bedriftstorget/core/texts/messages';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { inConversation, toView, type MessageView } from './conversations';
import { contactableListing } from './rules';
import { deliverNow } from '../mail/deliver';
import { isFirstUnread, publishChanged, queueMessageMail } from './notify';

export type SignedInContext = Context & { user: User };

type MessageRow = typeof messages.$inferSelect;

async function byClientId(db: Database, senderId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

interface NewMessage {
  listingId: string | null;
  senderId: string;
  receiverId: string;
  text: string;
  clientMessageId: string;
}

/**
 * Stores a message once per (sender, client id). The two people's user rows are locked first
 * (in id order, so the two directions cannot deadlock), which serialises their sends:
 * - a resend with the same id finds the stored row instead of counting against the limit;
 * - messages commit in created_at order, so exactly one message of a burst is "first unread",
 *   which is what decides the e-mail, queued in the same transaction (decision 070).
 * Everything inside runs on `tx`: a second pool connection while holding the lock could starve.
 */
async function store(ctx: SignedInContext, values: NewMessage, listingTitle: string | null) {
  return ctx.db.transaction(async (tx) => {
    const people = await tx
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(inArray(users.id, [values.senderId, values.receiverId]))
      .orderBy(asc(users.id))
      .for('update');
    // The other party of a conversation may have deleted the account: the messages stay, replies cannot go (decision 088).
    if (people.some((person) => person.deletedAt !== null)) throw new TRPCError({ code: 'BAD_REQUEST', message: accountDeletion.replyToDeleted });
    const earlier = await byClientId(tx, values.senderId, values.clientMessageId);
    if (earlier) return { row: earlier, created: false, mailId: null };
    // Counted for the signed-in sender (values.senderId is always ctx.user.id).
    await enforceLimit({ ...ctx, db: tx }, RATE_LIMITS.messagesPerUser);
    const id = crypto.randomUUID();
    await tx
      .insert(messages)
      .values({ id, listingId: values.listingId, senderId: values.senderId, receiverId: values.receiverId, messageText: values.text, clientMessageId: values.clientMessageId })
      // The same id sent towards another person is not serialised by the lock: the unique key still makes it one row.
      .onDuplicateKeyUpdate({ set: { clientMessageId: sql`${messages.clientMessageId}` } });
    const row = await byClientId(tx, values.senderId, values.clientMessageId);
    if (!row) throw new Error('message vanished after insert');
    const created = row.id === id;
    const mailId = created && (await isFirstUnread(tx, row)) ? await queueMessageMail(tx, ctx.config.appUrl, row, listingTitle) : null;
    return { row, created, mailId };
  });
}

async function deliver(ctx: SignedInContext, values: NewMessage, listingTitle: string | null): Promise<MessageView> {
  const { row, created, mailId } = await store(ctx, values, listingTitle);
  if (created) await publishChanged(ctx, row.senderId, row.receiverId);
  await deliverNow(ctx, [mailId]);
  return toView(row, ctx.user.id);
}

/** The first message from the detail page: the receiver is the listing's owner. */
export async function contactSeller(ctx: SignedInContext, input: ContactSellerInput): Promise<{ message: MessageView; conversation: ConversationKey }> {
  // Two independent reads, sent together (decision 078).
  const [stored, contactable] = await Promise.allSettled([byClientId(ctx.db, ctx.user.id, input.clientMessageId), contactableListing(ctx, input.listingId)]);
  if (stored.status === 'rejected') throw stored.reason;
  const earlier = stored.value;
  // Already stored (the resend after login ran in another tab too): it stands, even if the listing was sold since.
  if (earlier) return { message: toView(earlier, ctx.user.id), conversation: { listingId: earlier.listingId, counterpartId: earlier.receiverId } };
  if (contactable.status === 'rejected') throw contactable.reason;
  const listing = contactable.value;
  const message = await deliver(
    ctx,
    { listingId: listing.id, senderId: ctx.user.id, receiverId: listing.ownerId, text: input.text, clientMessageId: input.clientMessageId },
    listing.title,
  );
  return { message, conversation: { listingId: listing.id, counterpartId: listing.ownerId } };
}

/** A message in an existing conversation: there must be an earlier one between the two about it. */
export async function reply(ctx: SignedInContext, input: ConversationKey & { text: string; clientMessageId: string }): Promise<MessageView> {
  const key = { listingId: input.listingId, counterpartId: input.counterpartId };
  const values = { listingId: input.listingId, senderId: ctx.user.id, receiverId: input.counterpartId, text: input.text, clientMessageId: input.clientMessageId };
  // Three independent reads, sent together (decision 078).
  const [earlier, [existing], [listing]] = await Promise.all([
    byClientId(ctx.db, ctx.user.id, input.clientMessageId),
    ctx.db.select({ id: messages.id }).from(messages).where(inConversation(ctx.user.id, key)).limit(1),
    input.listingId ? ctx.db.select({ title: listings.title }).from(listings).where(eq(listings.id, input.listingId)) : Promise.resolve([]),
  ]);
  if (earlier) return toView(earlier, ctx.user.id);
  if (!existing || input.counterpartId === ctx.user.id) {
    throw new TRPCError({ code: 'NOT_FOUND', message: messageTexts.conversationNotFound });
  }
  return deliver(ctx, values, listing?.title ?? null);
}
