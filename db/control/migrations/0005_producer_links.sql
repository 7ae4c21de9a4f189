CREATE TABLE `producer_codes` (
	`tenant_id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `producer_codes_code_unique` ON `producer_codes` (`code`);--> statement-breakpoint
CREATE TABLE `producer_link_reads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link_id` integer NOT NULL,
	`user_id` integer,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`what` text NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `producer_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `producer_link_reads_link` ON `producer_link_reads` (`link_id`,`id`);--> statement-breakpoint
CREATE TABLE `producer_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`processor_tenant_id` integer NOT NULL,
	`producer_tenant_id` integer,
	`supplier_ids` text NOT NULL,
	`scopes` text NOT NULL,
	`visible_from` text NOT NULL,
	`invite_email` text DEFAULT '' NOT NULL,
	`invite_code_hash` text,
	`invite_expires_at` integer,
	`granted_by` text NOT NULL,
	`granted_at` text NOT NULL,
	`accepted_at` text,
	`revoked_at` text,
	`revoked_by` text,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`processor_tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`producer_tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `producer_links_processor` ON `producer_links` (`processor_tenant_id`);--> statement-breakpoint
CREATE INDEX `producer_links_producer` ON `producer_links` (`producer_tenant_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `producer_links_code` ON `producer_links` (`invite_code_hash`);