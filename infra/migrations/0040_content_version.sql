-- The version of a listing's reviewable content (decision 106): raised by every save of the listing or
-- of its pending revision, named by staff's approval and rejection so they decide what they saw.
ALTER TABLE `listings` ADD `content_version` int unsigned NOT NULL DEFAULT 1;
