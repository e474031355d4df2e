-- Standing offers close at once when their listing stops being for sale, or when the buyer's access to a
-- confidential listing is withdrawn (decision 128): a status and a timeline step of their own. An accepted
-- offer outliving its confidential listing keeps the seller hidden from a buyer not let in (decision 127).
ALTER TABLE `offers` MODIFY `status` enum('standing','accepted','declined','withdrawn','expired','closed') NOT NULL DEFAULT 'standing';--> statement-breakpoint
ALTER TABLE `offer_events` MODIFY `kind` enum('offer','counter','accepted','declined','withdrawn','expired','closed') NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` ADD `seller_hidden` boolean DEFAULT false NOT NULL;
