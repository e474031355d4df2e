-- Saved searches with alerts (decision records 046–048). A search keeps browse's filters
-- as JSON plus bucket columns (its longest search word, else its place, else its industry) so a
-- newly public listing reads only the searches that can match it. Hits are unique per search and
-- listing: a listing is never mailed twice for one search. The queue holds listings that became
-- public until the scheduled job has matched them.
CREATE TABLE `saved_searches` (
	`id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`name` varchar(80) NOT NULL,
	`filters` json NOT NULL,
	`alerts` enum('instant','daily','never') NOT NULL DEFAULT 'instant',
	`term_key` varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,
	`place_key` varchar(100) NULL,
	`industry_key` enum('restaurant','retail','tech','services','craft','fitness','ecommerce','other') NULL,
	`unsubscribe_token` varchar(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
	`last_sent_at` datetime(3) NULL,
	`sending_until` datetime(3) NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `saved_searches_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `saved_searches` ADD CONSTRAINT `saved_searches_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`, `created_at`);--> statement-breakpoint
-- One index serves the three bucket reads: term_key IN (…); term_key IS NULL AND place_key IN (…);
-- both NULL AND industry_key = ? OR NULL.
CREATE INDEX `saved_searches_bucket_idx` ON `saved_searches` (`term_key`, `place_key`, `industry_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_token_idx` ON `saved_searches` (`unsubscribe_token`);--> statement-breakpoint
CREATE TABLE `saved_search_hits` (
	`search_id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`sent_at` datetime(3) NULL,
	CONSTRAINT `saved_search_hits_pk` PRIMARY KEY(`search_id`,`listing_id`)
);
--> statement-breakpoint
ALTER TABLE `saved_search_hits` ADD CONSTRAINT `saved_search_hits_search_id_saved_searches_id_fk` FOREIGN KEY (`search_id`) REFERENCES `saved_searches`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `saved_search_hits` ADD CONSTRAINT `saved_search_hits_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `saved_search_hits_unsent_idx` ON `saved_search_hits` (`sent_at`, `search_id`);--> statement-breakpoint
CREATE TABLE `saved_search_queue` (
	`listing_id` char(36) NOT NULL,
	`queued_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `saved_search_queue_listing_id` PRIMARY KEY(`listing_id`)
);
--> statement-breakpoint
ALTER TABLE `saved_search_queue` ADD CONSTRAINT `saved_search_queue_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;
