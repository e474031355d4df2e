-- One press, one document (decision 113): a ready document remembers its bytes' SHA-256 and
-- a listing cannot hold the same file twice. Pending rows and documents from before stay NULL (MySQL
-- lets NULLs repeat in a unique index).
ALTER TABLE `listing_documents` ADD `content_sha256` char(64);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_documents_content_uq` ON `listing_documents` (`listing_id`,`content_sha256`);
