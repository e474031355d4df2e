-- Why staff took a listing off the public pages (decision 140): the report's reason and staff's own
-- note to the owner, shown in /mine-annonser while the listing stays inactive.
ALTER TABLE `listings` ADD `inactive_reason` varchar(32);--> statement-breakpoint
ALTER TABLE `listings` ADD `inactive_note` text;
