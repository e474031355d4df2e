-- Numbers for sellers and staff (docs/product.md, 'Numbers and settings'): the latest submission time of each listing, settings in the database,
-- one row per review decision, the valuation requests' follow-up status, and the indexes the
-- statistics' day/week aggregates range over (created_at alone, so 100k rows are range reads).
-- Schema only (decision 063): listings older than this column got their created_at copied in once, on
-- the databases of that time; a database made now has none to copy.
ALTER TABLE `listings` ADD `submitted_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3);--> statement-breakpoint
CREATE INDEX `listings_status_submitted_idx` ON `listings` (`status`, `submitted_at`);--> statement-breakpoint
CREATE INDEX `listings_created_idx` ON `listings` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `messages_created_idx` ON `messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `favorites_listing_created_idx` ON `favorites` (`listing_id`, `created_at`);--> statement-breakpoint
CREATE INDEX `leads_listing_created_idx` ON `leads` (`listing_id`, `created_at`);--> statement-breakpoint
CREATE INDEX `messages_listing_created_idx` ON `messages` (`listing_id`, `created_at`);--> statement-breakpoint
-- NULL: the profile follows the settings' max_active_listings (the old default 3 was turned into NULL once).
ALTER TABLE `profiles` MODIFY `max_listings` int NULL;--> statement-breakpoint
CREATE TABLE `app_settings` (
	`id` tinyint NOT NULL,
	`review_promise_hours` int NOT NULL DEFAULT 24,
	`review_alert_hours` int NOT NULL DEFAULT 20,
	`max_active_listings` int NOT NULL DEFAULT 3,
	`signups_open` boolean NOT NULL DEFAULT true,
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `app_settings_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
CREATE TABLE `listing_reviews` (
	`id` char(36) NOT NULL,
	`listing_id` char(36) NULL,
	`admin_id` char(36) NULL,
	`decision` enum('approve','reject') NOT NULL,
	`submitted_at` datetime(3) NOT NULL,
	`decided_at` datetime(3) NOT NULL,
	CONSTRAINT `listing_reviews_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
ALTER TABLE `listing_reviews` ADD CONSTRAINT `listing_reviews_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listing_reviews` ADD CONSTRAINT `listing_reviews_admin_id_users_id_fk` FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `listing_reviews_decided_idx` ON `listing_reviews` (`decided_at`);--> statement-breakpoint
ALTER TABLE `valuation_requests` ADD `status` enum('new','contacted','closed') NOT NULL DEFAULT 'new';
--> statement-breakpoint
ALTER TABLE `admin_logs` MODIFY `target_type` enum('listing','profile','lead','user_role','setting','valuation') NOT NULL;
