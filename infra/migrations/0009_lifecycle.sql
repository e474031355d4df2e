-- The listing lifecycle (decision records 044, 045) and the statistics: 'Under bud' as a flag that keeps the
-- listing public and searchable; expiry after 90 days ('expired' is not public, so the generated
-- is_public needs no change); the warning's claim and the renew link's token hash. Then the
-- statistics' indexes measured slow at 100 000 listings (tests/bench/stats.ts): review decisions
-- were read by a full scan (decision filtered row by row), so one covering index serves the
-- approvals/rejections per day and the review times; a seller's views per day read by listing.
ALTER TABLE `listings` MODIFY `status` enum('pending','active','rejected','sold','archived','inactive','unlisted','expired') NOT NULL DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE `listings` ADD `under_offer_at` datetime(3) NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `expires_at` datetime(3) NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `expiry_warned_at` datetime(3) NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `renew_token_hash` char(64) NULL;--> statement-breakpoint
CREATE INDEX `listings_status_expires_idx` ON `listings` (`status`, `expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `listings_renew_token_uq` ON `listings` (`renew_token_hash`);--> statement-breakpoint
CREATE INDEX `listing_reviews_decision_decided_idx` ON `listing_reviews` (`decision`, `decided_at`, `submitted_at`);--> statement-breakpoint
DROP INDEX `listing_reviews_decided_idx` ON `listing_reviews`;--> statement-breakpoint
CREATE INDEX `listing_views_listing_day_idx` ON `listing_views` (`listing_id`, `day`);
