-- The approval promise is 48 hours by default (decision 090): the settings row `ops backfill` creates
-- takes it from here. A row that exists keeps the promise it holds; staff change it in /admin/innstillinger.
ALTER TABLE `app_settings` ALTER COLUMN `review_promise_hours` SET DEFAULT 48;
