ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip_address` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `signed_in_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;