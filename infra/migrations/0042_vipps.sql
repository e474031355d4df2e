-- 'Verifisert med Vipps' and 'Logg inn med Vipps' (decisions 119, 120): the person's Vipps identity, the
-- account link waiting for proof, the mark beside each listing, the seller's requirement, consent by Vipps.
CREATE TABLE `vipps_identities` (
	`user_id` char(36) NOT NULL,
	`sub` varchar(255) NOT NULL,
	`verified_name` varchar(100) NOT NULL,
	`verified_phone` varchar(32),
	`verified_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `vipps_identities_user_id` PRIMARY KEY(`user_id`),
	CONSTRAINT `vipps_identities_sub_unique` UNIQUE(`sub`)
);--> statement-breakpoint
CREATE TABLE `vipps_pending_links` (
	`token_hash` char(64) NOT NULL,
	`mail_token_hash` char(64),
	`user_id` char(36) NOT NULL,
	`sub` varchar(255) NOT NULL,
	`verified_name` varchar(100) NOT NULL,
	`verified_phone` varchar(32),
	`expires_at` datetime(3) NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `vipps_pending_links_token_hash` PRIMARY KEY(`token_hash`),
	CONSTRAINT `vipps_pending_links_mail_token_hash_unique` UNIQUE(`mail_token_hash`)
);--> statement-breakpoint
ALTER TABLE `vipps_identities` ADD CONSTRAINT `vipps_identities_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `vipps_pending_links` ADD CONSTRAINT `vipps_pending_links_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listings` ADD `seller_verified` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `listings` ADD `verified_buyers_only` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `consents` MODIFY COLUMN `method` enum('password','google','vipps') NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` MODIFY `kind` enum('confirm','already_registered','reset','message','lead','review_decision','report_decision','review_alert','draft_reminder','saved_search','expiry_warning','delete_link','account_deleted','access_request','access_answer','offer','vipps_link') NOT NULL;
