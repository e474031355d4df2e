-- Revisions (decision 086): a seller's edit of a published listing waits here for staff while the
-- listings row stays the approved, public version. One pending revision per listing: the generated
-- `pending_marker` is 1 while pending and NULL after, and the unique index ignores NULLs.
CREATE TABLE `listing_revisions` (
	`id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`status` enum('pending','approved','rejected') NOT NULL DEFAULT 'pending',
	`pending_marker` tinyint GENERATED ALWAYS AS ((case when `status` = 'pending' then 1 else null end)) STORED,
	`fields` json NOT NULL,
	`images` json NOT NULL,
	`reject_reason` varchar(32),
	`reject_note` text,
	`decided_by` char(36),
	`decided_at` datetime(3),
	`submitted_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `listing_revisions_id` PRIMARY KEY(`id`),
	CONSTRAINT `listing_revisions_pending_uq` UNIQUE(`listing_id`,`pending_marker`)
);--> statement-breakpoint
ALTER TABLE `listing_revisions` ADD CONSTRAINT `listing_revisions_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listing_revisions` ADD CONSTRAINT `listing_revisions_decided_by_users_id_fk` FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `listing_revisions_status_submitted_idx` ON `listing_revisions` (`status`,`submitted_at`);
