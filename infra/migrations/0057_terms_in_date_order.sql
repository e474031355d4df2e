-- A search's newest-first page from its rarest word's index entries in date order (decision 151):
-- the listing's created_at beside each term, and an index that ends in it. Rows written before this
-- migration hold the epoch until `ops backfill` copies their listing's date (a data change, never a
-- migration's: decision 063). The new index replaces (is_public, term, listing_id): a secondary
-- index holds the primary key's listing_id anyway, so every read of a word's listing ids is served
-- as before, and the terms table stays the size it was.
ALTER TABLE `listing_terms` ADD `created_at` datetime(3) NOT NULL DEFAULT '1970-01-01 00:00:00.000';--> statement-breakpoint
CREATE INDEX `listing_terms_newest_idx` ON `listing_terms` (`is_public`, `term`, `created_at`, `listing_id`);--> statement-breakpoint
DROP INDEX `listing_terms_term_idx` ON `listing_terms`;
