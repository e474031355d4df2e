-- 'Slett konto' (decision 088): a deleted account keeps its users row as an anonymous tombstone
-- (`deleted_at` set, the address replaced), so the other party's conversations keep their sender;
-- a Google account confirms by a mailed link (purpose 'delete_account'); the goodbye mail and the
-- link are outbox kinds; image objects still to be removed after the commit wait in
-- `storage_deletions` until the scheduled job has removed them.
ALTER TABLE `users` ADD `deleted_at` datetime(3);--> statement-breakpoint
ALTER TABLE `email_tokens` MODIFY `purpose` enum('verify_email','reset_password','delete_account') NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` MODIFY `kind` enum('confirm','already_registered','reset','message','lead','review_decision','report_decision','review_alert','draft_reminder','saved_search','expiry_warning','delete_link','account_deleted') NOT NULL;--> statement-breakpoint
CREATE TABLE `storage_deletions` (
	`storage_key` varchar(512) NOT NULL,
	`attempts` int NOT NULL DEFAULT 0,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `storage_deletions_storage_key` PRIMARY KEY(`storage_key`)
);
