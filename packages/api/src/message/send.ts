import { TRPCError } from '@trpc/server';
import type { User } from 'lucia';
import type { ContactSellerInput, ConversationKey } from '@bedriftstorget/core/message/schemas';
import { personDisplayName } from '@bedriftstorget/core/auth/user';
import { messageTexts } from '@bedriftstorget/core/texts/messages';
import { accountDeletion } from '@bedriftstorget/core/texts/account';
import { counter, countAll, perItem, refuseIfOver, uncountItem, withinLimits, type Counted } from '../auth/rate-limit-batch';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { DEFAULT_MUTATION_LIMITS } from '../auth/mutation-limits';
import type { Context } from '../context';
import { sendClaimed } from '../mail/deliver';
import { sendRateFor, systemClock } from '../mail/send-rate';
import { REQUEST_WAIT_MS } from '../mail/deliver';
import { NOT_FOUND_MESSAGE } from '../listing/detail';
import { toView, type MessageView } from './conversations';
import { counterpartName } from '../identity/counterpart';
import { messageMailOf, publishChanged } from './notify';
import { byClientId, counterpartOf, dropRunMail, insertMessage, insertRunMail, listingWithOwner, runMailId, type MessageRow, type OutboxRow, type Recipient } from './store';

export type SignedInContext = Context & { user: User };

/**
 * Sending a message in three round trips in turn, four when it is mailed (decision 092), the
 * session lookup included:
 * 1. the session;
 * 2. the call's limits counted (the default mutation limits and the message limit, one statement),
 *    beside what the send reads: an earlier message with this client id, and the listing or the
 *    conversation with the receiver's address, name and unread state (one statement);
 * 3. the message written if the limits hold, beside its mail when it starts an unread run;
 * 4. the mail's result recorded after SES answered (or, with no sending slot, nothing: the job sends it).
 * The procedures count their mutation limits here (`limitsCountedByHandler: 'signed-in'`).
 * Refusals and resends read the counts once more, so the limits come first, as the builders' did.
 */
function limitsOf(ctx: SignedInContext, clientMessageId: string, now: number): Counted[] {
  return [
    counter(ctx, DEFAULT_MUTATION_LIMITS.perUser, now),
    counter(ctx, DEFAULT_MUTATION_LIMITS.perNetwork, now),
    // Counted per client id: a resend, a second tab or a retry sent at once is one message.
    perItem(ctx, RATE_LIMITS.messagesPerUser, clientMessageId, now),
  ];
}

const mutationLimits = (limits: Counted[]) => limits.filter((c) => c.kind === 'counter');

/** A refusal before anything was written: the mutation limits first, and the message is not counted. */
async function refuse(ctx: SignedInContext, limits: Counted[], now: number, error: TRPCError): Promise<never> {
  const item = limits.find((c) => c.kind === 'perItem');
  await Promise.all([refuseIfOver(ctx.db, mutationLimits(limits), now), item ? uncountItem(ctx.db, item) : null]);
  throw error;
}

/** The stored message of this client id (sent before, even if the listing was sold since), past the mutation limits. */
async function resent(ctx: SignedInContext, limits: Counted[], now: number, earlier: MessageRow): Promise<MessageRow> {
  await refuseIfOver(ctx.db, mutationLimits(limits), now);
  return earlier;
}

interface Outgoing {
  row: MessageRow;
  recipient: Recipient;
  listingTitle: string | null;
  /** The sender as the receiver may know them (`counterpartName`, decision 099): the mail's subject and text use it. */
  senderName: string | null;
}

/** Steps 3 and 4: the message and its run's mail, then the mail sent and both people's tabs told. */
async function write(ctx: SignedInContext, limits: Counted[], now: number, { row, recipient, listingTitle, senderName }: Outgoing, notFound: TRPCError): Promise<MessageRow> {
  const at = new Date(now);
  const rate = sendRateFor(ctx.mailer, ctx.config.mailRatePerSecond);
  const wantsMail = !recipient.unreadBefore && !recipient.suppressed;
  const wait = wantsMail ? rate.reserve(systemClock.now(), REQUEST_WAIT_MS) : null;
  const mail = wantsMail ? messageMailOf(ctx.config.appUrl, recipient.email, row.messageText, { name: senderName, verified: recipient.sender.verified }, listingTitle) : null;
  const [created, held] = await Promise.all([
    insertMessage(ctx.db, row, withinLimits(limits)),
    mail ? insertRunMail(ctx.db, runMailId(row, recipient.newestReadId), mail, at, wait !== null) : null,
  ]);
  let stored: MessageRow | undefined = row;
  if (!created) {
    // A twin with this client id was stored at the same moment, or a limit was passed.
    stored = await byClientId(ctx.db, row.senderId, row.clientMessageId ?? '');
    if (!stored) {
      if (held) await dropRunMail(ctx.db, held);
      await refuseIfOver(ctx.db, limits, now);
      throw notFound;
    }
  }
  await Promise.all([created ? publishChanged(ctx, row.senderId, row.receiverId) : null, held?.status === 'sending' ? sendHeld(ctx, held, wait ?? 0) : null]);
  return stored;
}

/** Sends the held mail; never fails the request: what cannot go now is left to the job (decision 070). */
async function sendHeld(ctx: SignedInContext, held: OutboxRow, wait: number): Promise<void> {
  try {
    if (wait > 0) await systemClock.sleep(wait);
    const rate = sendRateFor(ctx.mailer, ctx.config.mailRatePerSecond);
    await sendClaimed(ctx, held, new Date(), rate, systemClock, { suppressionRead: true });
  } catch (error) {
    console.error(`mail ${held.id} left for the scheduled job`, error);
  }
}

function newRow(ctx: SignedInContext, values: { listingId: string | null; receiverId: string; text: string; clientMessageId: string }, now: number): MessageRow {
  return { id: crypto.randomUUID(), listingId: values.listingId, senderId: ctx.user.id, receiverId: values.receiverId, messageText: values.text, read: false, clientMessageId: values.clientMessageId, createdAt: new Date(now), anonymousSellerId: null };
}

/** The first message from the detail page: the receiver is the listing's owner, looked up here, never taken from the client. */
export async function contactSeller(ctx: SignedInContext, input: ContactSellerInput): Promise<{ message: MessageView; conversation: ConversationKey }> {
  const now = Date.now();
  const limits = limitsOf(ctx, input.clientMessageId, now);
  const [, earlier, listing] = await Promise.all([countAll(ctx.db, limits), byClientId(ctx.db, ctx.user.id, input.clientMessageId), listingWithOwner(ctx.db, ctx.user.id, input.listingId)]);
  if (earlier) {
    const row = await resent(ctx, limits, now, earlier);
    return { message: toView(row, ctx.user.id), conversation: { listingId: row.listingId, counterpartId: row.receiverId } };
  }
  const notFound = new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND_MESSAGE });
  if (!listing?.isPublic || !listing.recipient) return refuse(ctx, limits, now, notFound);
  if (listing.ownerId === ctx.user.id) return refuse(ctx, limits, now, new TRPCError({ code: 'BAD_REQUEST', message: messageTexts.ownListing }));
  if (listing.status !== 'active') return refuse(ctx, limits, now, new TRPCError({ code: 'BAD_REQUEST', message: messageTexts.soldListing }));
  const row = newRow(ctx, { listingId: listing.id, receiverId: listing.ownerId, text: input.text, clientMessageId: input.clientMessageId }, now);
  // A buyer writes to the seller: the seller learns the buyer's name, never the other way round.
  const senderName = personDisplayName({ ...listing.recipient.sender, email: ctx.user.email });
  const stored = await write(ctx, limits, now, { row, recipient: listing.recipient, listingTitle: listing.title, senderName }, notFound);
  return { message: toView(stored, ctx.user.id), conversation: { listingId: listing.id, counterpartId: listing.ownerId } };
}

/** A message in an existing conversation: there must be an earlier one between the two about it. */
export async function reply(ctx: SignedInContext, input: ConversationKey & { text: string; clientMessageId: string }): Promise<MessageView> {
  const now = Date.now();
  const limits = limitsOf(ctx, input.clientMessageId, now);
  const [, earlier, counterpart] = await Promise.all([
    countAll(ctx.db, limits),
    byClientId(ctx.db, ctx.user.id, input.clientMessageId),
    counterpartOf(ctx.db, ctx.user.id, input.counterpartId, input.listingId),
  ]);
  if (earlier) return toView(await resent(ctx, limits, now, earlier), ctx.user.id);
  const notFound = new TRPCError({ code: 'NOT_FOUND', message: messageTexts.conversationNotFound });
  if (!counterpart?.conversation || !counterpart.recipient || input.counterpartId === ctx.user.id) return refuse(ctx, limits, now, notFound);
  // The other party may have deleted the account: the conversation stays, replies cannot go (decision 088).
  if (counterpart.recipient.deleted) return refuse(ctx, limits, now, new TRPCError({ code: 'BAD_REQUEST', message: accountDeletion.replyToDeleted }));
  const row = newRow(ctx, { listingId: input.listingId, receiverId: input.counterpartId, text: input.text, clientMessageId: input.clientMessageId }, now);
  // How the receiver may know the sender: a confidential seller stays 'Konfidensiell selger' to a buyer not let in.
  const senderName = counterpartName({
    counterpartId: ctx.user.id,
    person: { ...counterpart.recipient.sender, email: ctx.user.email, deletedAt: null },
    listing: counterpart.listing,
    granted: counterpart.receiverGranted,
    anonymousSeller: counterpart.anonymousSender,
  });
  return toView(await write(ctx, limits, now, { row, recipient: counterpart.recipient, listingTitle: counterpart.title, senderName }, notFound), ctx.user.id);
}
