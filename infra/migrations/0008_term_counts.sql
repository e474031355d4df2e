-- Search that starts from the rarest word (decision record 039): how many listings have each search term, public and not, kept by
-- syncListingTerms on every write. The search plan reads these few rows to start from the rarest
-- token, and counts drive from that token's listings instead of reading every public listing.
CREATE TABLE `listing_term_counts` (
	`is_public` boolean NOT NULL,
	`term` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
	`n` int NOT NULL,
	CONSTRAINT `listing_term_counts_pk` PRIMARY KEY(`is_public`,`term`)
);
--> statement-breakpoint
-- Filled from listing_terms by `ops backfill` (decision 063), not here: a branch's rows never reach production.
-- The admin's listings (decision record 040): newest first within an industry, and within a status and an industry.
CREATE INDEX `listings_industry_created_idx` ON `listings` (`industry`, `created_at`);--> statement-breakpoint
CREATE INDEX `listings_status_industry_created_idx` ON `listings` (`status`, `industry`, `created_at`);
