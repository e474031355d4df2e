import { sql } from 'drizzle-orm';
import {
  boolean, date, decimal, index, int, json, mysqlEnum, mysqlTable, primaryKey, smallint, text, unique, varchar,
} from 'drizzle-orm/mysql-core';
import { users } from '../auth/auth.sql';
import { createdAt, id, money, primaryId, timestamp } from '../db/columns';

export const industries = ['restaurant', 'retail', 'tech', 'services', 'craft', 'fitness', 'ecommerce', 'other'] as const;
export const listingStatuses = ['pending', 'active', 'rejected', 'sold', 'archived', 'inactive', 'unlisted'] as const;
/** Only these are ever shown to the public (DESIGN.md §2). */
export const publicStatuses = ['active', 'sold'] as const;
export const companyForms = ['as', 'asa', 'ans', 'enk', 'other'] as const;
export const ownerDependencies = ['low', 'medium', 'high'] as const;
export const includedInSaleOptions = [
  'Inventar', 'Leieavtale', 'Kundeportefølje', 'Varelager', 'Merkevare', 'Leverandøravtaler', 'Opplæring', 'Annet',
] as const;

export type Industry = (typeof industries)[number];
export type ListingStatus = (typeof listingStatuses)[number];

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
    views: int('views').notNull().default(0),
    leadsCount: int('leads_count').notNull().default(0),
    /**
     * Stored so it can lead the browse indexes: `status IN (...)` in a WHERE stops an index from
     * serving the ORDER BY (STACK-NOTES: 69–544 ms vs ~1 ms at 100k rows).
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
  },
  (t) => [
    index('listings_owner_idx').on(t.ownerId, t.createdAt),
    index('listings_status_created_idx').on(t.status, t.createdAt),
    // The browse sort indexes, in each sort's direction, are in the custom migration 0001.
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
  (t) => [index('listing_images_listing_idx').on(t.listingId, t.displayOrder)],
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
  (t) => [unique('favorites_user_listing_uq').on(t.userId, t.listingId), index('favorites_listing_idx').on(t.listingId)],
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
  (t) => [primaryKey({ columns: [t.listingId, t.visitorKey, t.day] }), index('listing_views_day_idx').on(t.day)],
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
    contentType: varchar('content_type', { length: 100 }).notNull(),
    status: mysqlEnum('status', uploadStatuses).notNull().default('pending'),
    size: int('size'),
    attachedAt: timestamp('attached_at'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_listing_idx').on(t.userId, t.listingId), index('uploads_unattached_idx').on(t.attachedAt, t.createdAt)],
);
