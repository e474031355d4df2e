-- Review gaps (decision 087): the 20-hour alert claims a waiting revision as it claims a pending
-- listing (review_alerted_at), and a rejected listing keeps the reason and note staff gave, so the
-- seller sees them in /mine-annonser and not only in the mail.
ALTER TABLE `listing_revisions` ADD `review_alerted_at` datetime(3);--> statement-breakpoint
ALTER TABLE `listings` ADD `reject_reason` varchar(32);--> statement-breakpoint
ALTER TABLE `listings` ADD `reject_note` text;
