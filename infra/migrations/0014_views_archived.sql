-- A listing's view count is views_archived + its rows in listing_views (decision 058): the rows
-- are pruned after 31 days, so what they counted moves here first, and `ops recount-views` can
-- always rebuild `views` from the two. Existing rows start at 0: run `ops recount-views` once.
ALTER TABLE `listings` ADD `views_archived` int NOT NULL DEFAULT 0;
