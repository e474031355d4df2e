-- 'Dokumenter' (decision 097): a listing's PDFs in the private documents bucket, and the log of every
-- stamped download for the seller's 'Hvem har åpnet dokumentene'.
CREATE TABLE `listing_documents` (
	`id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`owner_id` char(36) NOT NULL,
	`status` enum('pending','ready') NOT NULL DEFAULT 'pending',
	`storage_key` varchar(160) NOT NULL,
	`title` varchar(120) NOT NULL,
	`file_name` varchar(200) NOT NULL,
	`size` int unsigned,
	`pages` smallint unsigned,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `listing_documents_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
CREATE TABLE `document_downloads` (
	`id` char(36) NOT NULL,
	`document_id` char(36),
	`listing_id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`document_title` varchar(120) NOT NULL,
	`downloaded_at` datetime(3) NOT NULL,
	CONSTRAINT `document_downloads_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
ALTER TABLE `listing_documents` ADD CONSTRAINT `listing_documents_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listing_documents` ADD CONSTRAINT `listing_documents_owner_id_users_id_fk` FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_downloads` ADD CONSTRAINT `document_downloads_document_id_listing_documents_id_fk` FOREIGN KEY (`document_id`) REFERENCES `listing_documents`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_downloads` ADD CONSTRAINT `document_downloads_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_downloads` ADD CONSTRAINT `document_downloads_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `listing_documents_listing_idx` ON `listing_documents` (`listing_id`,`status`);--> statement-breakpoint
CREATE INDEX `listing_documents_owner_idx` ON `listing_documents` (`owner_id`);--> statement-breakpoint
CREATE INDEX `document_downloads_listing_idx` ON `document_downloads` (`listing_id`,`downloaded_at`);--> statement-breakpoint
CREATE INDEX `document_downloads_user_idx` ON `document_downloads` (`user_id`);
