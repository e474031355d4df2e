-- Consent at sign-up (decision 089): who accepted which version of the terms and privacy text,
-- when, and by which way of signing up. A new row each time it is given; never updated.
CREATE TABLE `consents` (
	`id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`text_version` varchar(32) NOT NULL,
	`method` enum('password','google') NOT NULL,
	`given_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `consents_id` PRIMARY KEY(`id`)
);--> statement-breakpoint
ALTER TABLE `consents` ADD CONSTRAINT `consents_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `consents_user_idx` ON `consents` (`user_id`,`given_at`);--> statement-breakpoint
-- Alerts name only listings published since the alerts were last turned on (decision 089):
-- saving the search, or turning it on again after 'Aldri'. NULL on older rows: their created_at.
ALTER TABLE `saved_searches` ADD `alerts_since` datetime(3);
