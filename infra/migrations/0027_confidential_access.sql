-- 'Be om tilgang' and the data room (decision 096): a buyer's request with the accepted non-disclosure
-- agreement, one row per buyer and listing; the listing keeps how many documents its data room holds.
CREATE TABLE `access_requests` (
	`id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`buyer_id` char(36) NOT NULL,
	`status` enum('pending','granted','declined','withdrawn') NOT NULL DEFAULT 'pending',
	`message` text,
	`nda_version` varchar(32) NOT NULL,
	`nda_accepted_at` datetime(3) NOT NULL,
	`nda_accepted_from` varchar(64) NOT NULL,
	`answered_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `access_requests_id` PRIMARY KEY(`id`),
	CONSTRAINT `access_requests_listing_buyer_uq` UNIQUE(`listing_id`,`buyer_id`)
);--> statement-breakpoint
ALTER TABLE `access_requests` ADD CONSTRAINT `access_requests_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `access_requests` ADD CONSTRAINT `access_requests_buyer_id_users_id_fk` FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `access_requests_buyer_idx` ON `access_requests` (`buyer_id`);--> statement-breakpoint
CREATE INDEX `access_requests_listing_status_idx` ON `access_requests` (`listing_id`,`status`);--> statement-breakpoint
ALTER TABLE `listings` ADD `document_count` smallint unsigned DEFAULT 0 NOT NULL;
