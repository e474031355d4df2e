-- Mail through an outbox (decision 070): each mail is a row written in the transaction of what
-- caused it, claimed and sent by the request that made it or by the scheduled job, with its
-- attempts, back-off and SES message id. Addresses SES reports as undeliverable or complaining
-- are kept in mail_suppressions (decision 071) and never mailed again.
CREATE TABLE `mail_outbox` (
	`id` char(36) NOT NULL,
	`to_address` varchar(255) NOT NULL,
	`kind` enum('confirm','already_registered','reset','message','lead','review_decision','report_decision','review_alert','draft_reminder','saved_search','expiry_warning') NOT NULL,
	`subject` varchar(500) NOT NULL,
	`body` mediumtext NOT NULL,
	`links` json NOT NULL,
	`headers` json NULL,
	`status` enum('pending','sending','sent','failed','unknown','suppressed') NOT NULL DEFAULT 'pending',
	`attempts` int NOT NULL DEFAULT 0,
	`next_attempt_at` datetime(3) NOT NULL,
	`claim_id` char(36) NULL,
	`claimed_at` datetime(3) NULL,
	`sent_at` datetime(3) NULL,
	`provider_message_id` varchar(255) NULL,
	`last_error` varchar(500) NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `mail_outbox_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`status`, `next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to_address`, `kind`, `created_at`);--> statement-breakpoint
CREATE TABLE `mail_suppressions` (
	`email` varchar(255) NOT NULL,
	`reason` enum('bounce','complaint') NOT NULL,
	`detail` varchar(500) NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `mail_suppressions_email` PRIMARY KEY(`email`)
);
