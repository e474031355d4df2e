-- 'Verifiserte selgere' (decision 131): newest first among verified sellers, and their count, as one index range.
CREATE INDEX `listings_browse_verified_idx` ON `listings` (`is_public`, `seller_verified`, `created_at` DESC, `id` DESC);
