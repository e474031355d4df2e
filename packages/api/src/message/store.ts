import { createHash } from 'node:crypto';
import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { mailOutbox, mailSuppressions } from '@bedriftstorget/core/mail/mail.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { affectedRows, type Database } from '../db/client';
import { retryOnDeadlock } from '../db/errors';
import type { QueuedMail } from '../mail/outbox';
import { grantedRequest } from '../access/has-access';
import { vippsMarkOf } from '../identity/vipps-mark';

/**
 * The statements of sending a message (decision 092): what the send must know, read in one statement
 * beside the rate-limit counts, and the message and its mail written in one round of waiting. No
 * transaction and no lock: over PlanetScale's HTTP driver BEGIN, the lock and COMMIT alone were three
 * round trips in turn. Each write is one statement that is right on its own:
 * - the message: INSERT IGNORE … SELECT … WHERE the limits hold, one row per (sender, client id);
 * - its mail: one row per unread run, its id made from the run (`runMailId`), so of a burst sent at
 *   once exactly one insert wins, without serialising the burst.
 */

export type MessageRow = typeof messages.$inferSelect;

/** What the mail about a new message needs, read before it is written. */
export interface Recipient {
  email: string;
  suppressed: boolean;
  /** An unread message of the sender's to them in this conversation: the new one does not start a run. */
  unreadBefore: boolean;
  /** The newest message of the sender's they have read here: the run a new one belongs to. */
  newestReadId: string | null;
  /**
   * The sender's profile names: how the mail names them is decided in send.ts (`counterpartName`,
   * decision 099); and their 'Verifisert med Vipps' mark, shown beside whatever name that gives, as
   * the inbox shows it (decision 120).
   */
  sender: { fullName: string | null; companyName: string | null; verified: boolean };
  /** The account was deleted (decision 088): its messages stay, nothing more goes to it. */
  deleted: boolean;
}

/**
 * A column named with its table: drizzle writes a single-table query's columns unqualified, also
 * inside `sql`, where `receiver_id = id` in a subquery over messages would bind to messages.id.
 */
const qualified = (column: MySqlColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** The sender's messages to the receiver (a column or a parameter) about the listing, or about none. */
function sentTo(senderId: string, receiver: SQL | string, listingId: string | null): SQL {
  return sql`${messages.senderId} = ${senderId} AND ${messages.receiverId} = ${receiver} AND ${listingId ? sql`${messages.listingId} = ${listingId}` : sql`${messages.listingId} IS NULL`}`;
}

/** Columns of the receiver's `users` row (in the FROM of the caller) and the sender's profile. */
export function recipientColumns(senderId: string, listingId: string | null) {
  const mine = sentTo(senderId, qualified(users.id), listingId);
  return {
    email: users.email,
    deletedAt: users.deletedAt,
    suppressed: sql<number>`EXISTS (SELECT 1 FROM ${mailSuppressions} WHERE ${qualified(mailSuppressions.email)} = ${qualified(users.email)})`.mapWith(Number),
    unreadBefore: sql<number>`EXISTS (SELECT 1 FROM ${messages} WHERE ${mine} AND ${messages.read} = FALSE)`.mapWith(Number),
    newestReadId: sql<string | null>`(SELECT ${messages.id} FROM ${messages} WHERE ${mine} AND ${messages.read} = TRUE ORDER BY ${messages.createdAt} DESC, ${messages.id} DESC LIMIT 1)`,
    fullName: sql<string | null>`(SELECT ${profiles.fullName} FROM ${profiles} WHERE ${profiles.id} = ${senderId})`,
    companyName: sql<string | null>`(SELECT ${profiles.companyName} FROM ${profiles} WHERE ${profiles.id} = ${senderId})`,
    senderVerified: vippsMarkOf(senderId).mapWith(Number),
  };
}

type RecipientColumns = { email: string | null; deletedAt: Date | null; suppressed: number; unreadBefore: number; newestReadId: string | null; fullName: string | null; companyName: string | null; senderVerified: number };

export function toRecipient(row: RecipientColumns): Recipient | null {
  if (row.email === null) return null;
  return {
    email: row.email,
    suppressed: row.suppressed === 1,
    unreadBefore: row.unreadBefore === 1,
    newestReadId: row.newestReadId,
    sender: { fullName: row.fullName, companyName: row.companyName, verified: row.senderVerified === 1 },
    deleted: row.deletedAt !== null,
  };
}

/** A listing to contact, with its owner as the recipient, in one statement. */
export async function listingWithOwner(db: Database, senderId: string, listingId: string) {
  const [row] = await db
    .select({ id: listings.id, ownerId: listings.ownerId, title: listings.title, status: listings.status, isPublic: listings.isPublic, ...recipientColumns(senderId, listingId) })
    .from(listings)
    .leftJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.id, listingId));
  return row ? { ...row, recipient: toRecipient(row) } : null;
}

/**
 * The counterpart of a reply, whether the two have a conversation about the listing, and its title;
 * and what decides how the mail names the sender to the receiver (decision 099): the listing's owner
 * and confidentiality, whether the receiver was let in, and whether the conversation marks the sender
 * as a deleted confidential listing's seller.
 */
export async function counterpartOf(db: Database, senderId: string, counterpartId: string, listingId: string | null) {
  const either = sql`((${sentTo(senderId, counterpartId, listingId)}) OR (${sentTo(counterpartId, senderId, listingId)}))`;
  const ofListing = <T>(column: MySqlColumn) => (listingId ? sql<T | null>`(SELECT ${column} FROM ${listings} WHERE ${listings.id} = ${listingId})` : sql<T | null>`NULL`);
  const [row] = await db
    .select({
      ...recipientColumns(senderId, listingId),
      conversation: sql<number>`EXISTS (SELECT 1 FROM ${messages} WHERE ${either})`.mapWith(Number),
      title: ofListing<string>(listings.title),
      ownerId: ofListing<string>(listings.ownerId),
      confidential: ofListing<number>(listings.confidential).mapWith(Number),
      receiverGranted: (listingId ? grantedRequest(listingId, counterpartId) : sql`FALSE`).mapWith(Number),
      anonymousSender: sql<number>`EXISTS (SELECT 1 FROM ${messages} WHERE ${either} AND ${messages.anonymousSellerId} = ${senderId})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, counterpartId));
  if (!row) return null;
  const listing = row.ownerId === null ? null : { ownerId: row.ownerId, confidential: row.confidential === 1 };
  return { conversation: row.conversation === 1, title: row.title, recipient: toRecipient(row), listing, receiverGranted: row.receiverGranted === 1, anonymousSender: row.anonymousSender === 1 };
}

export async function byClientId(db: Database, senderId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

const datetime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');

/** Writes the message if `guard` holds; false when it did not (a limit passed, or the client id is taken). */
export async function insertMessage(db: Database, row: MessageRow, guard: SQL): Promise<boolean> {
  // INSERT IGNORE … SELECT is one statement on its own: a deadlock's victim is rolled back whole and rerun.
  const result = await retryOnDeadlock(() => db.execute(sql`
    INSERT IGNORE INTO ${messages} (id, listing_id, sender_id, receiver_id, message_text, \`read\`, client_message_id, created_at)
    SELECT ${row.id}, ${row.listingId}, ${row.senderId}, ${row.receiverId}, ${row.messageText}, FALSE, ${row.clientMessageId}, ${datetime(row.createdAt)}
    FROM DUAL WHERE ${guard}`));
  return affectedRows(result) === 1;
}

/** The id of the one mail of an unread run: receiver, conversation and the newest message they had read. */
export function runMailId(message: Pick<MessageRow, 'receiverId' | 'senderId' | 'listingId'>, newestReadId: string | null): string {
  const hex = createHash('sha256').update(`message-run:${message.receiverId}:${message.listingId ?? ''}:${message.senderId}:${newestReadId ?? ''}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * The run's mail, written held by this request: claimed ('sending', so neither the job nor anyone
 * sends it) when a sending slot is free, else pending from a minute on (the job's). False when the
 * run already has its mail. The request releases or removes it once it knows the message is stored.
 */
export async function insertRunMail(db: Database, id: string, mail: QueuedMail, at: Date, claimed: boolean): Promise<OutboxRow | null> {
  const row: OutboxRow = {
    id,
    toAddress: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    body: mail.text,
    links: mail.links,
    headers: null,
    status: claimed ? 'sending' : 'pending',
    attempts: claimed ? 1 : 0,
    nextAttemptAt: claimed ? at : new Date(at.getTime() + 60_000),
    claimId: claimed ? crypto.randomUUID() : null,
    claimedAt: claimed ? at : null,
    sentAt: null,
    providerMessageId: null,
    lastError: null,
    createdAt: at,
  };
  const result = await db.insert(mailOutbox).ignore().values(row);
  return affectedRows(result) === 1 ? row : null;
}

/** The held mail of a message that was not stored: no mail about nothing. */
export async function dropRunMail(db: Database, row: OutboxRow): Promise<void> {
  await db.delete(mailOutbox).where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, row.status)));
}
