CREATE TABLE `app_control` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `phone_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phone_codes_user` ON `phone_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `processor_configurations` (
	`tenant_id` integer PRIMARY KEY NOT NULL,
	`document` text NOT NULL,
	`last_modified` text NOT NULL,
	`updated_by` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `super_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`user_id` integer,
	`user_name` text NOT NULL,
	`tenant_id` integer,
	`action` text NOT NULL,
	`detail` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `super_audit_tenant` ON `super_audit` (`tenant_id`,`id`);--> statement-breakpoint
CREATE TABLE `support_sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`setting_type_id` integer NOT NULL,
	`section_key` text NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`last_modified_utc` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `support_sections_key` ON `support_sections` (`section_key`);--> statement-breakpoint
CREATE TABLE `tenant_profiles` (
	`tenant_id` integer PRIMARY KEY NOT NULL,
	`abn` text DEFAULT '' NOT NULL,
	`street` text DEFAULT '' NOT NULL,
	`suburb` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`postcode` text DEFAULT '' NOT NULL,
	`contact_name` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`accounts_email` text DEFAULT '' NOT NULL,
	`time_zone` text DEFAULT 'Australia/Sydney' NOT NULL,
	`logo_ref` text,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `invites` ADD `first_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invites` ADD `last_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `invites` ADD `allowed_species_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `invites` ADD `allowed_tenant_site_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `invites` ADD `accepted_by_user_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `invites` ADD `withdrawn_at` integer;--> statement-breakpoint
CREATE INDEX `invites_tenant` ON `invites` (`tenant_id`);