import { bigint, boolean, char, date, index, json, mysqlEnum, mysqlTable, text, unique, varchar } from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, primaryId, timestamp } from '../db/columns';
import { listings } from '../listing/listing.sql';
import { dealTypes, offerActors, offerEventKinds, offerParties, offerStatuses, type FinancingKind, type OfferCondition } from './enums';

export { offerStatuses, type OfferStatus } from './enums';

/** The terms of one bid, on the thread (the bid that stands now) and on each event of its timeline. */
const terms = () => ({
  /** Whole kroner. */
  price: bigint('price', { mode: 'number' }).notNull(),
  dealType: mysqlEnum('deal_type', dealTypes).notNull(),
  financing: json('financing').$type<FinancingKind[]>().notNull(),
  conditions: json('conditions').$type<OfferCondition[]>().notNull(),
  takeoverDate: date('takeover_date', { mode: 'string' }),
  /** 'Akseptfrist': the bid stands until this time; the scheduled job expires it after. */
  expiresAt: timestamp('expires_at').notNull(),
  message: text('message'),
});

/**
 * A buyer's offer on a listing and the negotiation that follows (decision 121, migration
 * 0039): one row per thread with the bid that stands now; every step is an `offer_events` row.
 * `turn` is the party whose answer is awaited. At most one standing thread per buyer and listing:
 * `standing_buyer_id` is the buyer while the thread stands and NULL after, under a unique key.
 */
export const offers = mysqlTable(
  'offers',
  {
    id: primaryId(),
    /** NULL once the listing is deleted: an accepted offer and its LOI outlive it for both parties. */
    listingId: id('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    buyerId: id('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: id('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: mysqlEnum('status', offerStatuses).notNull().default('standing'),
    turn: mysqlEnum('turn', offerParties).notNull().default('seller'),
    standingBuyerId: id('standing_buyer_id'),
    ...terms(),
    /** The listing's title when the offer was made, and the company and both names when accepted (the LOI's). */
    listingTitle: varchar('listing_title', { length: 255 }).notNull(),
    companyName: varchar('company_name', { length: 255 }),
    orgnr: char('orgnr', { length: 9 }),
    buyerName: varchar('buyer_name', { length: 100 }),
    sellerName: varchar('seller_name', { length: 100 }),
    acceptedAt: timestamp('accepted_at'),
    /** When the thread ended (accepted, declined, withdrawn, expired or closed). */
    closedAt: timestamp('closed_at'),
    declineReason: text('decline_reason'),
    /** The Intensjonsavtale's key in the documents bucket, once written. */
    loiKey: varchar('loi_key', { length: 255 }),
    /** An accepted offer kept for the other party after an account's deletion (decision 122); the job deletes it after. */
    keptUntil: timestamp('kept_until'),
    /**
     * The listing was a confidential sale, since deleted, and its seller had not let this buyer in:
     * the seller stays 'Konfidensiell selger' to the buyer for good (decision 127), as
     * `messages.anonymous_seller_id` does for a conversation.
     */
    sellerHidden: boolean('seller_hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    unique('offers_one_standing_uq').on(t.listingId, t.standingBuyerId),
    index('offers_buyer_idx').on(t.buyerId, t.createdAt),
    index('offers_seller_idx').on(t.sellerId, t.createdAt),
    index('offers_status_expires_idx').on(t.status, t.expiresAt),
    index('offers_kept_until_idx').on(t.keptUntil),
    // The orphan sweep asks which offer an Intensjonsavtale belongs to (migration 0047, decision 133).
    index('offers_loi_key_idx').on(t.loiKey),
  ],
);

/** The thread's timeline: each bid with its terms, each answer with who gave it and why. */
export const offerEvents = mysqlTable(
  'offer_events',
  {
    id: primaryId(),
    offerId: id('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    kind: mysqlEnum('kind', offerEventKinds).notNull(),
    actor: mysqlEnum('actor', offerActors).notNull(),
    price: bigint('price', { mode: 'number' }),
    dealType: mysqlEnum('deal_type', dealTypes),
    financing: json('financing').$type<FinancingKind[]>(),
    conditions: json('conditions').$type<OfferCondition[]>(),
    takeoverDate: date('takeover_date', { mode: 'string' }),
    expiresAt: timestamp('expires_at'),
    message: text('message'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('offer_events_offer_idx').on(t.offerId, t.createdAt)],
);
