/** Every table, for the database clients and drizzle-kit. */
export * from '../auth/auth.sql';
export * from '../profile/profile.sql';
export * from '../listing/listing.sql';
export * from '../message/message.sql';
export * from '../admin/admin.sql';
export * from '../valuation/valuation.sql';
export * from '../draft/draft.sql';
export * from '../settings/settings.sql';
export * from '../report/report.sql';
export * from '../saved-search/saved-search.sql';
export * from '../mail/mail.sql';
export * from '../listing/revision.sql';
export * from '../company/company.sql';
export * from '../access/access.sql';
export * from '../data-room/data-room.sql';
