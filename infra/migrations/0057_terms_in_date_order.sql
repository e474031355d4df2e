-- A search's newest-first page from its rarest word's index entries in date order (decision 151):
-- the listing's created_at beside each term, and an index that ends in it. Rows written before this
-- migration hold the epoch until `ops backfill` copies their listing's date (a data change, never a
-- migration's: decision 063). The (is_public, term, listing_id) index stays for the id ranges.
ALTER TABLE `listing_terms` ADD `created_at` datetime(3) NOT NULL DEFAULT '1970-01-01 00:00:00.000';--> statement-breakpoint
CREATE INDEX `listing_terms_newest_idx` ON `listing_terms` (`is_public`, `term`, `created_at`, `listing_id`);
