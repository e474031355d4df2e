-- The search index's spelling forms (decision 148): which rules the stored terms were written by, so
-- `ops backfill` compares every listing's terms once after a change of rules, not on every start.
ALTER TABLE `app_settings` ADD `search_index_version` int NOT NULL DEFAULT 0;
