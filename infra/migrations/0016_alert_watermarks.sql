-- Saved-search alerts by watermark (decision 082): a listing gets one stamp from the alerts' clock
-- the first time the job finds it public, and each search remembers the stamp it has seen up to.
-- The per-search, per-listing hits (≈ 7 200 rows per approved listing at 100 000 searches) go.
CREATE TABLE `saved_search_clock` (
	`id` tinyint NOT NULL,
	`seq` bigint unsigned NOT NULL,
	CONSTRAINT `saved_search_clock_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `listings` ADD `alert_seq` bigint unsigned;--> statement-breakpoint
CREATE INDEX `listings_alert_seq_idx` ON `listings` (`alert_seq`);--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `seen_seq` bigint unsigned NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `pending_seq` bigint unsigned;--> statement-breakpoint
CREATE INDEX `saved_searches_pending_idx` ON `saved_searches` (`pending_seq`);--> statement-breakpoint
DROP TABLE `saved_search_hits`;
