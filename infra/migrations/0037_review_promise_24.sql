-- The approval promise is 24 hours by default again (decision 114): the seed and a fresh
-- install say 'innen 24 timer'. An install's saved settings row keeps the promise it holds; only the
-- column default, which `ops backfill` uses for a missing row, changes.
ALTER TABLE `app_settings` ALTER COLUMN `review_promise_hours` SET DEFAULT 24;
