-- The orphan sweep (decision 133): where it stopped in each bucket, and the lookups it makes by key.
CREATE TABLE `storage_sweeps` (
	`bucket` varchar(32) NOT NULL,
	`after_key` varchar(1024),
	`updated_at` datetime(3) NOT NULL,
	CONSTRAINT `storage_sweeps_bucket` PRIMARY KEY(`bucket`)
);
--> statement-breakpoint
CREATE INDEX `uploads_final_key_idx` ON `uploads` (`final_key`);--> statement-breakpoint
CREATE INDEX `offers_loi_key_idx` ON `offers` (`loi_key`);
