-- 'Be om flere annonser' (decision 141): a seller's request for a higher listing limit, answered by
-- staff from /admin/brukere. `open_for` holds the user's id while the request waits: its unique key
-- is the rule of one open request per user (NULLs repeat once answered).
CREATE TABLE `quota_requests` (
	`id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`open_for` char(36),
	`wanted` int NOT NULL,
	`message` text,
	`status` enum('open','granted','declined') NOT NULL DEFAULT 'open',
	`answer_note` text,
	`granted_max` int,
	`granted_plan` enum('free','pro','partner'),
	`answered_by` char(36),
	`answered_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `quota_requests_id` PRIMARY KEY(`id`),
	CONSTRAINT `quota_requests_open_uq` UNIQUE(`open_for`)
);--> statement-breakpoint
ALTER TABLE `quota_requests` ADD CONSTRAINT `quota_requests_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `quota_requests` ADD CONSTRAINT `quota_requests_answered_by_users_id_fk` FOREIGN KEY (`answered_by`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `quota_requests_user_idx` ON `quota_requests` (`user_id`,`created_at`);
