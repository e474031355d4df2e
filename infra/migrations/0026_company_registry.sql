-- Verified companies and confidential sale (decisions 094 and 095): a listing may name its company by
-- organisasjonsnummer and be marked confidential; what Enhetsregisteret answered about each number is
-- kept once per company in `company_registry` (`pending` until the registry has answered).
CREATE TABLE `company_registry` (
	`orgnr` char(9) NOT NULL,
	`status` enum('pending','found','not_found') NOT NULL DEFAULT 'pending',
	`name` varchar(255),
	`form_code` varchar(16),
	`form_text` varchar(255),
	`kommune` varchar(100),
	`kommunenummer` varchar(8),
	`address` varchar(500),
	`bankrupt` boolean NOT NULL DEFAULT false,
	`liquidation` boolean NOT NULL DEFAULT false,
	`forced_liquidation` boolean NOT NULL DEFAULT false,
	`deleted_on` date,
	`checked_at` datetime(3),
	`attempted_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `company_registry_orgnr` PRIMARY KEY(`orgnr`)
);--> statement-breakpoint
CREATE INDEX `company_registry_status_attempted_idx` ON `company_registry` (`status`,`attempted_at`);--> statement-breakpoint
ALTER TABLE `listings` ADD `orgnr` char(9);--> statement-breakpoint
ALTER TABLE `listings` ADD `confidential` boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `listings_orgnr_idx` ON `listings` (`orgnr`);
