-- 'Gi bud' (decision 121): an offer's thread with the bid that stands now, its timeline, the
-- offer mails' own outbox kind, and the final price 'Marker som solgt' records (private).
CREATE TABLE `offers` (
	`id` char(36) NOT NULL,
	`listing_id` char(36),
	`buyer_id` char(36) NOT NULL,
	`seller_id` char(36) NOT NULL,
	`status` enum('standing','accepted','declined','withdrawn','expired') NOT NULL DEFAULT 'standing',
	`turn` enum('buyer','seller') NOT NULL DEFAULT 'seller',
	`standing_buyer_id` char(36),
	`price` bigint NOT NULL,
	`deal_type` enum('shares','assets') NOT NULL,
	`financing` json NOT NULL,
	`conditions` json NOT NULL,
	`takeover_date` date,
	`expires_at` datetime(3) NOT NULL,
	`message` text,
	`listing_title` varchar(255) NOT NULL,
	`company_name` varchar(255),
	`orgnr` char(9),
	`buyer_name` varchar(100),
	`seller_name` varchar(100),
	`accepted_at` datetime(3),
	`closed_at` datetime(3),
	`decline_reason` text,
	`loi_key` varchar(255),
	`kept_until` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL,
	CONSTRAINT `offers_id` PRIMARY KEY(`id`),
	CONSTRAINT `offers_one_standing_uq` UNIQUE(`listing_id`,`standing_buyer_id`)
);--> statement-breakpoint
CREATE TABLE `offer_events` (
	`id` char(36) NOT NULL,
	`offer_id` char(36) NOT NULL,
	`kind` enum('offer','counter','accepted','declined','withdrawn','expired') NOT NULL,
	`actor` enum('buyer','seller','system') NOT NULL,
	`price` bigint,
	`deal_type` enum('shares','assets'),
	`financing` json,
	`conditions` json,
	`takeover_date` date,
	`expires_at` datetime(3),
	`message` text,
	`reason` text,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `offer_events_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_buyer_id_users_id_fk` FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offers` ADD CONSTRAINT `offers_seller_id_users_id_fk` FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offer_events` ADD CONSTRAINT `offer_events_offer_id_offers_id_fk` FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `offers_buyer_idx` ON `offers` (`buyer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offers_seller_idx` ON `offers` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offers_status_expires_idx` ON `offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `offers_kept_until_idx` ON `offers` (`kept_until`);--> statement-breakpoint
CREATE INDEX `offer_events_offer_idx` ON `offer_events` (`offer_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `listings` ADD `sold_price` bigint;--> statement-breakpoint
ALTER TABLE `mail_outbox` MODIFY `kind` enum('confirm','already_registered','reset','message','lead','review_decision','report_decision','review_alert','draft_reminder','saved_search','expiry_warning','delete_link','account_deleted','access_request','access_answer','offer') NOT NULL;
