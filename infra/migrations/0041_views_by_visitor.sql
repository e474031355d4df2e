-- A user's own viewing history for 'Last ned mine data' (decision 107): read by visitor, not by listing.
CREATE INDEX `listing_views_visitor_day_idx` ON `listing_views` (`visitor_key`,`day`);
