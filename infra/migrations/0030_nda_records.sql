-- The Taushetserklæring's record outlives the account (decision 100): who accepted, as named then, and
-- until when a deleted account's acceptance is kept; and a seller's reopening of the data room after
-- the sale (decision 101).
ALTER TABLE `access_requests` ADD `nda_name` varchar(100);--> statement-breakpoint
ALTER TABLE `access_requests` ADD `nda_email` varchar(255);--> statement-breakpoint
ALTER TABLE `access_requests` ADD `kept_until` datetime(3);--> statement-breakpoint
ALTER TABLE `access_requests` ADD `reopened_at` datetime(3);--> statement-breakpoint
CREATE INDEX `access_requests_kept_until_idx` ON `access_requests` (`kept_until`);
