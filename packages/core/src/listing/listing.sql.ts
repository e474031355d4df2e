import { sql } from 'drizzle-orm';
import {
  bigint, boolean, char, date, decimal, index, int, json, mysqlEnum, mysqlTable, primaryKey, smallint, text, unique, uniqueIndex, varchar,
} from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, money, primaryId, timestamp } from '../db/columns';
import { companyForms, industries, listingStatuses, ownerDependencies } from './enums';

export {
  companyForms, includedInSaleOptions, industries, listingStatuses, ownerDependencies, publicStatuses,
  type Industry, type ListingStatus,
} from './enums';

export const listings = mysqlTable(
  'listings',
  {
    id: primaryId(),
    ownerId: id('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    industry: mysqlEnum('industry', industries).notNull(),
    location: varchar('location', { length: 100 }).notNull(),
    description: text('description').notNull(),
    revenue: money('revenue'),
    profit: money('profit'),
    employees: int('employees'),
    established: smallint('established'),
    price: money('price'),
    status: mysqlEnum('status', listingStatuses).notNull().default('pending'),
    equityPercent: decimal('equity_percent', { precision: 5, scale: 2, mode: 'number' }),
    ownerSalary: money('owner_salary'),
    growthPercent: decimal('growth_percent', { precision: 7, scale: 2, mode: 'number' }),
    debt: money('debt'),
    premisesSize: decimal('premises_size', { precision: 10, scale: 2, mode: 'number' }),
    ownPremises: boolean('own_premises'),
    companyForm: mysqlEnum('company_form', companyForms),
    activeCustomers: boolean('active_customers'),
    recurringRevenue: boolean('recurring_revenue'),
    ownerDependency: mysqlEnum('owner_dependency', ownerDependencies),
    contractObligations: text('contract_obligations'),
    includedInSale: json('included_in_sale').$type<string[]>().notNull().default([]),
    ownerComment: text('owner_comment'),
    featured: boolean('featured').notNull().default(false),
    /** Counted views in all: viewsArchived + this listing's rows in listing_views (recountViews keeps it so). */
    views: int('views').notNull().default(0),
    /** Views whose per-visitor rows are gone (pruned after VIEW_DAYS_KEPT days, or seeded history). */
    viewsArchived: int('views_archived').notNull().default(0),
    leadsCount: int('leads_count').notNull().default(0),
    /**
     * Stored so it can lead the browse indexes: `status IN (...)` in a WHERE stops an index from
     * serving the ORDER BY (measured on MariaDB at 100k rows: 69–544 ms vs ~1 ms).
     */
    isPublic: boolean('is_public').generatedAlwaysAs(sql`(\`status\` in ('active','sold'))`, { mode: 'stored' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at')
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`)
      .$onUpdate(() => new Date()),
    publishedAt: timestamp('published_at'),
    /** Set by the review-queue job when the admins were alerted about this pending listing. */
    reviewAlertedAt: timestamp('review_alerted_at'),
    /** Staff's reason and note when they rejected this listing (migration 0025): /mine-annonser shows them while it stays rejected. */
    rejectReason: varchar('reject_reason', { length: 32 }),
    rejectNote: text('reject_note'),
    /** Why staff deactivated it after a report (decision 140, migration 0051): the report's reason and staff's note to the owner. */
    inactiveReason: varchar('inactive_reason', { length: 32 }),
    inactiveNote: text('inactive_note'),
    /**
     * The version of what staff review (decision 106, migration 0040): raised by every save of the
     * listing's text or of its pending revision; approval and rejection name the one staff saw.
     */
    contentVersion: int('content_version', { unsigned: true }).notNull().default(1),
    /** The latest submission (first submit, or re-submission after an edit): the review clock starts here. */
    submittedAt: timestamp('submitted_at')
      .notNull()
      .default(sql`CURRENT_TIMESTAMP(3)`),
    /** 'Under bud': set by the owner on an active listing; it stays public and searchable (decision 044). */
    underOfferAt: timestamp('under_offer_at'),
    /**
     * The deal's final price in whole kroner, given with 'Marker som solgt' (decision 121):
     * private to the owner and staff statistics, never on a public page.
     */
    soldPrice: bigint('sold_price', { mode: 'number' }),
    /**
     * An active listing leaves the public pages at this time unless renewed (90 days from approval
     * or renewal). NULL on an active listing: stamped by the next scheduled run (decision 045).
     */
    expiresAt: timestamp('expires_at'),
    /** The scheduled job's claim on the one warning mail per period; cleared by a renewal. */
    expiryWarnedAt: timestamp('expiry_warned_at'),
    /** SHA-256 of the one-click renew link's token (the token itself is only in the mail). */
    renewTokenHash: char('renew_token_hash', { length: 64 }),
    /**
     * The saved-search alerts' stamp (decision 082): given once, by the job, the first time it finds
     * the listing public; a renewed listing keeps it, so no search is told about it twice.
     */
    alertSeq: bigint('alert_seq', { mode: 'number', unsigned: true }),
    /** Enhetsregisteret's number (decision 094); its registry answer is in company_registry. Never public. */
    orgnr: char('orgnr', { length: 9 }),
    /** 'Konfidensielt salg' (decision 095): the public never sees the company's name, number or address. */
    confidential: boolean('confidential').notNull().default(false),
    /**
     * How many documents the data room holds (decision 096, migration 0027): kept beside the listing so
     * the public page knows to offer 'Be om tilgang' without another read. The documents themselves are
     * only ever listed to the owner, staff and buyers given access.
     */
    documentCount: smallint('document_count', { unsigned: true }).notNull().default(0),
    /**
     * The owner is 'Verifisert med Vipps' (decision 120): kept beside the listing, set for all the
     * owner's listings when they verify and cleared when the mark goes, so cards and the browse
     * filter 'Verifiserte selgere' read no other table.
     */
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /** 'Bare verifiserte kjøpere kan be om tilgang' (decision 120): 'Be om tilgang' only for buyers verified with Vipps. */
    verifiedBuyersOnly: boolean('verified_buyers_only').notNull().default(false),
  },
  (t) => [
    index('listings_status_expires_idx').on(t.status, t.expiresAt),
    uniqueIndex('listings_renew_token_uq').on(t.renewTokenHash),
    index('listings_owner_idx').on(t.ownerId, t.createdAt),
    index('listings_status_created_idx').on(t.status, t.createdAt),
    index('listings_status_submitted_idx').on(t.status, t.submittedAt),
    index('listings_created_idx').on(t.createdAt),
    index('listings_alert_seq_idx').on(t.alertSeq),
    index('listings_orgnr_idx').on(t.orgnr),
    // The admin's listings, newest first by industry or status and industry (migration 0008).
    index('listings_industry_created_idx').on(t.industry, t.createdAt),
    index('listings_status_industry_created_idx').on(t.status, t.industry, t.createdAt),
    // The browse sort indexes, in each sort's direction, are in the custom migration 0001;
    // revenue with profit (the amount filters' counts) in 0012.
  ],
);

export const listingImages = mysqlTable(
  'listing_images',
  {
    id: primaryId(),
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    imageUrl: varchar('image_url', { length: 1024 }).notNull(),
    /** Object key in the image bucket, so deleting a listing can delete its files. */
    storageKey: varchar('storage_key', { length: 512 }),
    displayOrder: int('display_order').notNull().default(0),
    createdAt: createdAt(),
  },
  // In the order pages show them: a card's first image is the first entry of this index (migration 0013).
  (t) => [index('listing_images_listing_idx').on(t.listingId, t.displayOrder, t.createdAt)],
);

export const favorites = mysqlTable(
  'favorites',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('favorites_user_listing_uq').on(t.userId, t.listingId), index('favorites_listing_idx').on(t.listingId), index('favorites_listing_created_idx').on(t.listingId, t.createdAt)],
);

/** One row per listing, visitor and day: views are counted at most once a day per visitor. */
export const listingViews = mysqlTable(
  'listing_views',
  {
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The user's id, or the random id of a visitor's cookie. */
    visitorKey: varchar('visitor_key', { length: 64 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  // (listing_id, day): a seller's views per day as one ordered range per listing, no temporary table (migration 0009).
  // (visitor_key, day): a user's own history for the export (migration 0041).
  (t) => [
    primaryKey({ columns: [t.listingId, t.visitorKey, t.day] }),
    index('listing_views_day_idx').on(t.day),
    index('listing_views_listing_day_idx').on(t.listingId, t.day),
    index('listing_views_visitor_day_idx').on(t.visitorKey, t.day),
  ],
);

export const uploadStatuses = ['pending', 'verified'] as const;

/**
 * An image a user was allowed to upload (presigned POST), before and after it is attached.
 * `listingId` is the id the listing has or will have (the wizard chooses it up front), so it is
 * not a foreign key. Uploads never attached are deleted with their objects after a day.
 */
export const uploads = mysqlTable(
  'uploads',
  {
    id: primaryId(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: id('listing_id').notNull(),
    storageKey: varchar('storage_key', { length: 512 }).notNull().unique(),
    /** The checked, re-encoded image's key under `listings/` (set when confirmed; decision 013). */
    finalKey: varchar('final_key', { length: 512 }),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    status: mysqlEnum('status', uploadStatuses).notNull().default('pending'),
    size: int('size'),
    attachedAt: timestamp('attached_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_listing_idx').on(t.userId, t.listingId),
    index('uploads_unattached_idx').on(t.attachedAt, t.createdAt),
    // The orphan sweep asks which confirmed upload made a final image (migration 0047, decision 133).
    index('uploads_final_key_idx').on(t.finalKey),
  ],
);

/**
 * Image objects of a deleted account still to be removed from storage (decision 088): written in
 * the deletion's transaction, removed after the commit; what failed is retried by the job.
 */
export const storageDeletions = mysqlTable('storage_deletions', {
  storageKey: varchar('storage_key', { length: 512 }).primaryKey(),
  attempts: int('attempts').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The words each listing is found by (core/listing/search-terms.ts, decision record 023), kept by
 * the API on every write. `is_public` mirrors the listing's, so browse searches only public rows.
 * Binary collation and the (is_public, term, listing_id) index are in migration 0006; the date-ordered
 * index in 0057.
 */
export const listingTerms = mysqlTable(
  'listing_terms',
  {
    listingId: id('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    term: varchar('term', { length: 32 }).notNull(),
    isPublic: boolean('is_public').notNull(),
    /**
     * The listing's own created_at, so a search's newest-first page reads its rarest word's entries
     * in date order (migration 0057, decision 151). Written with the terms; `ops backfill` fills rows
     * written before it (the epoch until then).
     */
    createdAt: timestamp('created_at').notNull().default(sql`'1970-01-01 00:00:00.000'`),
  },
  (t) => [primaryKey({ name: 'listing_terms_pk', columns: [t.listingId, t.term] })],
);

/**
 * How many listings have each term, public and not (migration 0008, decision record 039): kept by
 * syncListingTerms and removeListingTerms in the write's transaction. The search plan reads it to
 * start from the rarest token; it is an estimate for planning, never an answer by itself.
 */
export const listingTermCounts = mysqlTable(
  'listing_term_counts',
  {
    isPublic: boolean('is_public').notNull(),
    term: varchar('term', { length: 32 }).notNull(),
    n: int('n').notNull(),
  },
  (t) => [primaryKey({ name: 'listing_term_counts_pk', columns: [t.isPublic, t.term] })],
);
