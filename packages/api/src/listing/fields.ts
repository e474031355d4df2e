import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { listings } from '@bedriftstorget/core/listing/listing.sql';

/**
 * The listing's columns a response may send, by name (decision 061). Responses select from these
 * lists and never a whole row, so a new column stays on the server until it is added here on
 * purpose. Left out on purpose: owner_id, is_public, views_archived, submitted_at,
 * review_alerted_at, expiry_warned_at, renew_token_hash (bookkeeping of the server's own).
 */

/** What the seller writes in the wizard: exactly the form's fields (the type refuses one more or one less). */
export const formColumns = {
  title: listings.title,
  industry: listings.industry,
  location: listings.location,
  description: listings.description,
  price: listings.price,
  revenue: listings.revenue,
  profit: listings.profit,
  ownerSalary: listings.ownerSalary,
  debt: listings.debt,
  equityPercent: listings.equityPercent,
  growthPercent: listings.growthPercent,
  employees: listings.employees,
  established: listings.established,
  premisesSize: listings.premisesSize,
  ownPremises: listings.ownPremises,
  companyForm: listings.companyForm,
  activeCustomers: listings.activeCustomers,
  recurringRevenue: listings.recurringRevenue,
  ownerDependency: listings.ownerDependency,
  contractObligations: listings.contractObligations,
  includedInSale: listings.includedInSale,
  ownerComment: listings.ownerComment,
  orgnr: listings.orgnr,
  confidential: listings.confidential,
  verifiedBuyersOnly: listings.verifiedBuyersOnly,
} satisfies Record<keyof ListingFields, MySqlColumn>;

const { orgnr: _orgnr, ...publicFormColumns } = formColumns;

/**
 * The listing page (`listing.detail` and its first data in the HTML): what anyone may read of a
 * public listing — the seller's form as submitted but the organisasjonsnummer (decision 095: never
 * public; the registry's name and kommune go out only for a listing that is not confidential, detail.ts),
 * and what the badges and dates need.
 */
export const pageColumns = {
  id: listings.id,
  status: listings.status,
  ...publicFormColumns,
  documentCount: listings.documentCount,
  featured: listings.featured,
  views: listings.views,
  leadsCount: listings.leadsCount,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
  publishedAt: listings.publishedAt,
  underOfferAt: listings.underOfferAt,
  /** The seller's 'Verifisert med Vipps' (decision 120), sent through `sellerDisplay`. */
  sellerVerified: listings.sellerVerified,
};

/** The edit wizard's form of an own listing (`seller.forEdit`). */
export const editColumns = {
  id: listings.id,
  status: listings.status,
  createdAt: listings.createdAt,
  ...formColumns,
};
