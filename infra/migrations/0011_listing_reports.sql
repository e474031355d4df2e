-- Reports (decision record 050): users report listings; staff dismiss a report or deactivate the listing.
-- One open report per user and listing: `open_marker` is 1 while open and NULL after, and the
-- unique index over (listing, reporter, marker) ignores NULLs, so handled reports stay beside one open one.
CREATE TABLE `listing_reports` (
	`id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`reporter_id` char(36) NOT NULL,
	`reason` enum('fraud','wrong_info','sold','other') NOT NULL,
	`comment` text,
	`status` enum('open','dismissed','actioned') NOT NULL DEFAULT 'open',
	`open_marker` tinyint GENERATED ALWAYS AS ((case when `status` = 'open' then 1 else null end)) STORED,
	`handled_by` char(36),
	`handled_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `listing_reports_id` PRIMARY KEY(`id`),
	CONSTRAINT `listing_reports_open_uq` UNIQUE(`listing_id`,`reporter_id`,`open_marker`)
);--> statement-breakpoint
ALTER TABLE `listing_reports` ADD CONSTRAINT `listing_reports_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listing_reports` ADD CONSTRAINT `listing_reports_reporter_id_users_id_fk` FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listing_reports` ADD CONSTRAINT `listing_reports_handled_by_users_id_fk` FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `listing_reports_status_created_idx` ON `listing_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `listing_reports_reporter_idx` ON `listing_reports` (`reporter_id`);
