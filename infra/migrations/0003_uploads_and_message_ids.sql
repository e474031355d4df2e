CREATE TABLE `uploads` (
	`id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`storage_key` varchar(512) NOT NULL,
	`content_type` varchar(100) NOT NULL,
	`status` enum('pending','verified') NOT NULL DEFAULT 'pending',
	`size` int,
	`attached_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `uploads_id` PRIMARY KEY(`id`),
	CONSTRAINT `uploads_storage_key_unique` UNIQUE(`storage_key`)
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `client_message_id` varchar(64);--> statement-breakpoint
ALTER TABLE `messages` ADD CONSTRAINT `messages_sender_client_uq` UNIQUE(`sender_id`,`client_message_id`);--> statement-breakpoint
ALTER TABLE `uploads` ADD CONSTRAINT `uploads_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `uploads_user_listing_idx` ON `uploads` (`user_id`,`listing_id`);--> statement-breakpoint
CREATE INDEX `uploads_unattached_idx` ON `uploads` (`attached_at`,`created_at`);