-- One round trip per page (decision record 055): a card's first image is read inside the page's own query (listing/cards.ts), one
-- lookup per row sent, in the gallery's order (display_order, then the earliest upload). With
-- created_at in the index that lookup is the index's first entry for the listing, no sort.
ALTER TABLE `listing_images` DROP INDEX `listing_images_listing_idx`, ADD INDEX `listing_images_listing_idx` (`listing_id`, `display_order`, `created_at`);
