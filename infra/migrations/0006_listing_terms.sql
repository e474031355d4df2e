-- Search served from an index on MariaDB and MySQL 8/PlanetScale (decision record 023): one row per
-- distinct word of each listing. (listing_id, term) answers "does this listing have a word starting
-- with ?" while a browse sort index is walked; (is_public, term, listing_id) finds the listings of a
-- rare word. Binary collation: terms are lower-cased by the app, and 'ø' must not equal 'o'.
CREATE TABLE `listing_terms` (
	`listing_id` char(36) NOT NULL,
	`term` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
	`is_public` boolean NOT NULL,
	CONSTRAINT `listing_terms_pk` PRIMARY KEY(`listing_id`,`term`)
);
--> statement-breakpoint
ALTER TABLE `listing_terms` ADD CONSTRAINT `listing_terms_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `listing_terms_term_idx` ON `listing_terms` (`is_public`, `term`, `listing_id`);--> statement-breakpoint
-- Range filters (price, revenue, result) walk the sort index; result has no sort, so its own index.
CREATE INDEX `listings_browse_profit_idx` ON `listings` (`is_public`, `profit`, `id`);--> statement-breakpoint
-- The terms replace FULLTEXT, which skipped two-letter words and stopwords and could not serve a sort.
DROP INDEX `listings_search_ft` ON `listings`;
