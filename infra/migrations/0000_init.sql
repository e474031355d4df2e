CREATE TABLE `email_tokens` (
	`id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`purpose` enum('verify_email','reset_password') NOT NULL,
	`token_hash` varchar(64) NOT NULL,
	`expires_at` datetime(3) NOT NULL,
	`used_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `email_tokens_id` PRIMARY KEY(`id`),
	CONSTRAINT `email_tokens_token_hash_unique` UNIQUE(`token_hash`)
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` varchar(191) NOT NULL,
	`window_started_at` datetime(3) NOT NULL,
	`hits` int NOT NULL,
	CONSTRAINT `rate_limits_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` varchar(255) NOT NULL,
	`user_id` char(36) NOT NULL,
	`expires_at` datetime(3) NOT NULL,
	CONSTRAINT `sessions_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` char(36) NOT NULL,
	`email` varchar(255) NOT NULL,
	`email_verified` boolean NOT NULL DEFAULT false,
	`password_hash` varchar(255),
	`google_id` varchar(255),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `users_id` PRIMARY KEY(`id`),
	CONSTRAINT `users_email_unique` UNIQUE(`email`),
	CONSTRAINT `users_google_id_unique` UNIQUE(`google_id`)
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` char(36) NOT NULL,
	`full_name` varchar(100),
	`company_name` varchar(100),
	`phone` varchar(32),
	`user_type` enum('individual','company','broker') NOT NULL DEFAULT 'individual',
	`plan` enum('free','pro','partner') NOT NULL DEFAULT 'free',
	`max_listings` int NOT NULL DEFAULT 3,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `profiles_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `user_roles` (
	`id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`role` enum('admin') NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `user_roles_id` PRIMARY KEY(`id`),
	CONSTRAINT `user_roles_user_role_uq` UNIQUE(`user_id`,`role`)
);
--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` char(36) NOT NULL,
	`user_id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `favorites_id` PRIMARY KEY(`id`),
	CONSTRAINT `favorites_user_listing_uq` UNIQUE(`user_id`,`listing_id`)
);
--> statement-breakpoint
CREATE TABLE `listing_images` (
	`id` char(36) NOT NULL,
	`listing_id` char(36) NOT NULL,
	`image_url` varchar(1024) NOT NULL,
	`storage_key` varchar(512),
	`display_order` int NOT NULL DEFAULT 0,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `listing_images_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `listings` (
	`id` char(36) NOT NULL,
	`owner_id` char(36) NOT NULL,
	`title` varchar(100) NOT NULL,
	`industry` enum('restaurant','retail','tech','services','craft','fitness','ecommerce','other') NOT NULL,
	`location` varchar(100) NOT NULL,
	`description` text NOT NULL,
	`revenue` decimal(15,2),
	`profit` decimal(15,2),
	`employees` int,
	`established` smallint,
	`price` decimal(15,2),
	`status` enum('pending','active','rejected','sold','archived','inactive','unlisted') NOT NULL DEFAULT 'pending',
	`equity_percent` decimal(5,2),
	`owner_salary` decimal(15,2),
	`growth_percent` decimal(7,2),
	`debt` decimal(15,2),
	`premises_size` decimal(10,2),
	`own_premises` boolean,
	`company_form` enum('as','asa','ans','enk','other'),
	`active_customers` boolean,
	`recurring_revenue` boolean,
	`owner_dependency` enum('low','medium','high'),
	`contract_obligations` text,
	`included_in_sale` json NOT NULL DEFAULT ('[]'),
	`owner_comment` text,
	`featured` boolean NOT NULL DEFAULT false,
	`views` int NOT NULL DEFAULT 0,
	`leads_count` int NOT NULL DEFAULT 0,
	`is_public` boolean GENERATED ALWAYS AS ((`status` in ('active','sold'))) STORED,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`updated_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`published_at` datetime(3),
	`review_alerted_at` datetime(3),
	CONSTRAINT `listings_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `leads` (
	`id` char(36) NOT NULL,
	`listing_id` char(36),
	`buyer_id` char(36) NOT NULL,
	`buyer_name` varchar(100) NOT NULL,
	`buyer_email` varchar(255) NOT NULL,
	`message` text NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `leads_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` char(36) NOT NULL,
	`listing_id` char(36),
	`sender_id` char(36) NOT NULL,
	`receiver_id` char(36) NOT NULL,
	`message_text` varchar(1000) NOT NULL,
	`read` boolean NOT NULL DEFAULT false,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `messages_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `admin_logs` (
	`id` char(36) NOT NULL,
	`admin_id` char(36),
	`action` varchar(100) NOT NULL,
	`target_type` enum('listing','profile','lead','user_role') NOT NULL,
	`target_id` varchar(36),
	`details` json,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `admin_logs_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `valuation_requests` (
	`id` char(36) NOT NULL,
	`user_id` char(36),
	`listing_id` char(36),
	`email` varchar(255),
	`industry` enum('restaurant','retail','tech','services','craft','fitness','ecommerce','other') NOT NULL,
	`revenue` decimal(15,2),
	`profit` decimal(15,2),
	`low_value` decimal(15,2) NOT NULL,
	`high_value` decimal(15,2) NOT NULL,
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	`handled_at` datetime(3),
	CONSTRAINT `valuation_requests_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `draft_reminders` (
	`id` char(36) NOT NULL,
	`email` varchar(255) NOT NULL,
	`title` varchar(100),
	`remind_after` datetime(3) NOT NULL,
	`sent_at` datetime(3),
	`cancelled_at` datetime(3),
	`created_at` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
	CONSTRAINT `draft_reminders_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `email_tokens` ADD CONSTRAINT `email_tokens_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `sessions` ADD CONSTRAINT `sessions_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `profiles` ADD CONSTRAINT `profiles_id_users_id_fk` FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `user_roles` ADD CONSTRAINT `user_roles_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `favorites` ADD CONSTRAINT `favorites_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `favorites` ADD CONSTRAINT `favorites_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listing_images` ADD CONSTRAINT `listing_images_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `listings` ADD CONSTRAINT `listings_owner_id_users_id_fk` FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `leads` ADD CONSTRAINT `leads_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `leads` ADD CONSTRAINT `leads_buyer_id_users_id_fk` FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `messages` ADD CONSTRAINT `messages_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `messages` ADD CONSTRAINT `messages_sender_id_users_id_fk` FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `messages` ADD CONSTRAINT `messages_receiver_id_users_id_fk` FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `admin_logs` ADD CONSTRAINT `admin_logs_admin_id_users_id_fk` FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `valuation_requests` ADD CONSTRAINT `valuation_requests_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `valuation_requests` ADD CONSTRAINT `valuation_requests_listing_id_listings_id_fk` FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `email_tokens_user_idx` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `favorites_listing_idx` ON `favorites` (`listing_id`);--> statement-breakpoint
CREATE INDEX `listing_images_listing_idx` ON `listing_images` (`listing_id`,`display_order`);--> statement-breakpoint
CREATE INDEX `listings_owner_idx` ON `listings` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_status_created_idx` ON `listings` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_listing_idx` ON `leads` (`listing_id`);--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE INDEX `messages_receiver_read_idx` ON `messages` (`receiver_id`,`read`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_receiver_idx` ON `messages` (`receiver_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_listing_idx` ON `messages` (`listing_id`);--> statement-breakpoint
CREATE INDEX `admin_logs_created_idx` ON `admin_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `valuation_requests_created_idx` ON `valuation_requests` (`created_at`);--> statement-breakpoint
CREATE INDEX `draft_reminders_due_idx` ON `draft_reminders` (`sent_at`,`cancelled_at`,`remind_after`);--> statement-breakpoint
CREATE INDEX `draft_reminders_email_idx` ON `draft_reminders` (`email`);