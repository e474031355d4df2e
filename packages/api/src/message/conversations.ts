import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { listings } from '@bedriftstorget/core/listing/listing.sql';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { messages } from '@bedriftstorget/core/message/message.sql';
import type { ConversationKey } from '@bedriftstorget/core/message/schemas';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { messageTexts } from '@bedriftstorget/core/texts/messages';
import { afterCursor, encodeCursor } from '../paging/newest-first';
import { affectedRows, type Database } from '../db/client';
import { grantedRequest } from '../access/has-access';
import { counterpartCompany, counterpartName } from '../identity/counterpart';
import type { SellerPerson } from '../identity/seller-display';
import { vippsMarkOf } from '../identity/vipps-mark';

/** The inbox reads this many conversations per page, newest activity first ('Vis eldre samtaler' for more). */
export const CONVERSATION_PAGE = 50;
/** A conversation reads its newest messages this many at a time ('Vis eldre meldinger' for more). */
export const THREAD_PAGE = 100;

type MessageRow = typeof messages.$inferSelect;

/** A message as the signed-in user sees it: ids of people are replaced by "is it mine". */
export interface MessageView {
  id: string;
  listingId: string | null;
  clientMessageId: string | null;
  fromMe: boolean;
  text: string;
  read: boolean;
  createdAt: string;
}

export function toView(row: MessageRow, me: string): MessageView {
  return {
    id: row.id,
    listingId: row.listingId,
    clientMessageId: row.senderId === me ? row.clientMessageId : null,
    fromMe: row.senderId === me,
    text: row.messageText,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

function aboutListing(listingId: string | null): SQL {
  return listingId ? eq(messages.listingId, listingId) : isNull(messages.listingId);
}

/**
 * The messages of one conversation, seen from `me`: `me` is always one of the pair, so no
 * key a client sends can reach another pair's messages.
 */
export function inConversation(me: string, key: ConversationKey): SQL {
  const other = key.counterpartId;
  return and(
    or(and(eq(messages.senderId, me), eq(messages.receiverId, other)), and(eq(messages.senderId, other), eq(messages.receiverId, me))),
    aboutListing(key.listingId),
  )!;
}

/** The account's names as the profile and users rows hold them; undefined for an account that is gone. */
async function personOf(db: Database, userId: string): Promise<(SellerPerson & { mark: number }) | undefined> {
  const [row] = await db
    .select({ fullName: profiles.fullName, companyName: profiles.companyName, email: users.email, deletedAt: users.deletedAt, mark: vippsMarkOf(users.id).mapWith(Number) })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Whether the conversation's rows mark the counterpart as a deleted confidential listing's seller. */
const anonymousIn = (rows: { anonymousSellerId: string | null }[], counterpartId: string) => rows.some((row) => row.anonymousSellerId === counterpartId);

export interface ConversationSummary {
  listingId: string | null;
  counterpartId: string;
  /** null: the listing was deleted ('Ukjent listing'). */
  listingTitle: string | null;
  /**
   * 'Konfidensiell selger' to a buyer the seller has not let in (decision 099); else the profile's name,
   * else the e-mail's part before '@'; null: the account is gone ('Ukjent bruker').
   */
  counterpartName: string | null;
  /**
   * 'Verifisert med Vipps' (decision 120): the other person is verified now. A confidential seller's
   * mark too — it carries no name, as on the listing's cards.
   */
  counterpartVerified: boolean;
  lastMessage: { text: string; fromMe: boolean; createdAt: string };
  unread: number;
}

export interface ConversationPage {
  items: ConversationSummary[];
  /** The next (older) page, keyed on the last conversation's newest message; null at the end. */
  nextCursor: string | null;
}

/**
 * One row per (listing, other person): the newest message of each, with the count of the
 * user's unread ones, found with window functions in one query. Paged by keyset on that newest
 * message (created_at, id), so a page costs the same however far down it is and a conversation
 * that gets a new message meanwhile moves to the top instead of shifting the pages.
 */
export async function listConversations(db: Database, me: string, cursor?: string): Promise<ConversationPage> {
  const counterpart = sql<string>`IF(${messages.senderId} = ${me}, ${messages.receiverId}, ${messages.senderId})`;
  const partition = sql`PARTITION BY ${messages.listingId}, ${counterpart}`;
  const ranked = db
    .select({
      id: messages.id,
      listingId: messages.listingId,
      senderId: messages.senderId,
      text: messages.messageText,
      createdAt: messages.createdAt,
      counterpartId: counterpart.as('counterpart_id'),
      rank: sql<number>`ROW_NUMBER() OVER (${partition} ORDER BY ${messages.createdAt} DESC, ${messages.id} DESC)`.as('rank_in_conversation'),
      unread: sql<number>`SUM(${messages.receiverId} = ${me} AND ${messages.read} = 0) OVER (${partition})`.as('unread_count'),
      anonymousSeller: sql<number>`MAX(COALESCE(${messages.anonymousSellerId} = ${counterpart}, 0)) OVER (${partition})`.as('anonymous_seller'),
    })
    .from(messages)
    .where(or(eq(messages.senderId, me), eq(messages.receiverId, me)))
    .as('ranked');
  const rows = await db
    .select({
      id: ranked.id,
      listingId: ranked.listingId,
      senderId: ranked.senderId,
      text: ranked.text,
      createdAt: ranked.createdAt,
      counterpartId: ranked.counterpartId,
      unread: ranked.unread,
      anonymousSeller: ranked.anonymousSeller,
      listingTitle: listings.title,
      ownerId: listings.ownerId,
      confidential: listings.confidential,
      granted: grantedRequest(ranked.listingId, me).mapWith(Number),
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      deletedAt: users.deletedAt,
      email: users.email,
      mark: vippsMarkOf(sql`${ranked.counterpartId}`).mapWith(Number),
    })
    .from(ranked)
    .leftJoin(listings, eq(listings.id, ranked.listingId))
    .leftJoin(profiles, eq(profiles.id, ranked.counterpartId))
    .leftJoin(users, eq(users.id, ranked.counterpartId))
    .where(
      and(
        eq(ranked.rank, 1),
        afterCursor(ranked.createdAt, ranked.id, cursor),
      ),
    )
    .orderBy(desc(ranked.createdAt), desc(ranked.id))
    .limit(CONVERSATION_PAGE + 1);
  const page = rows.slice(0, CONVERSATION_PAGE);
  const last = page.at(-1);
  const nextCursor = rows.length > CONVERSATION_PAGE && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null;
  const items = page.map((row) => ({
    listingId: row.listingId,
    counterpartId: row.counterpartId,
    listingTitle: row.listingTitle,
    counterpartName: counterpartName({
      counterpartId: row.counterpartId,
      person: row.email === null ? null : row,
      listing: row.ownerId === null ? null : { ownerId: row.ownerId, confidential: Boolean(row.confidential) },
      granted: row.granted === 1,
      anonymousSeller: Number(row.anonymousSeller) === 1,
    }),
    counterpartVerified: row.deletedAt === null && row.mark === 1,
    lastMessage: { text: row.text, fromMe: row.senderId === me, createdAt: new Date(row.createdAt).toISOString() },
    unread: Number(row.unread),
  }));
  return { items, nextCursor };
}

export interface Thread {
  listing: { id: string; title: string; isPublic: boolean } | null;
  /** `company`: the seller's company, for a buyer the seller let in (decision 099); null otherwise. */
  counterpart: { id: string; name: string | null; company: string | null; verified: boolean };
  /** One page of messages, oldest first. */
  messages: MessageView[];
  /** The page before this one (older messages); null when this page starts the conversation. */
  olderCursor: string | null;
}

/** The newest THREAD_PAGE messages before `cursor` (none: the newest of all), returned oldest first; the listing and the counterpart read beside them. */
export async function readThread(db: Database, me: string, key: ConversationKey, cursor?: string): Promise<Thread> {
  const [found, [listing], person] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(inConversation(me, key), afterCursor(messages.createdAt, messages.id, cursor)))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(THREAD_PAGE + 1),
    key.listingId
      ? db
          .select({ id: listings.id, title: listings.title, isPublic: listings.isPublic, ownerId: listings.ownerId, confidential: listings.confidential, registryName: companyRegistry.name, granted: grantedRequest(listings.id, me).mapWith(Number) })
          .from(listings)
          .leftJoin(companyRegistry, eq(companyRegistry.orgnr, listings.orgnr))
          .where(eq(listings.id, key.listingId))
      : [],
    personOf(db, key.counterpartId),
  ]);
  const rows = found.slice(0, THREAD_PAGE);
  const oldest = rows.at(-1);
  // An empty later page is possible (the older messages were deleted with an account); only the first one is 'not found'.
  if (rows.length === 0 && !cursor) throw new TRPCError({ code: 'NOT_FOUND', message: messageTexts.conversationNotFound });
  const facts = { counterpartId: key.counterpartId, person: person ?? null, listing: listing ?? null, granted: listing?.granted === 1, anonymousSeller: anonymousIn(rows, key.counterpartId) };
  return {
    listing: listing ? { id: listing.id, title: listing.title, isPublic: Boolean(listing.isPublic) } : null,
    counterpart: { id: key.counterpartId, name: counterpartName(facts), company: counterpartCompany(facts, listing?.registryName ?? null), verified: !!person && person.deletedAt === null && person.mark === 1 },
    messages: rows.reverse().map((row) => toView(row, me)),
    olderCursor: found.length > THREAD_PAGE && oldest ? encodeCursor(oldest) : null,
  };
}

/** Only messages the user received: marking never touches what the other person reads. */
export async function markRead(db: Database, me: string, key: ConversationKey): Promise<number> {
  const result = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.receiverId, me), eq(messages.senderId, key.counterpartId), aboutListing(key.listingId), eq(messages.read, false)));
  return affectedRows(result);
}

export async function unreadCount(db: Database, me: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(messages).where(and(eq(messages.receiverId, me), eq(messages.read, false)));
  return row?.n ?? 0;
}
