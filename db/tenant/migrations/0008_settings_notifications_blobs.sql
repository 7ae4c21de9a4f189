CREATE TABLE `blob_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`category` text NOT NULL,
	`folder` text NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`file_name` text NOT NULL,
	`published_by_user_id` integer,
	`published_by_name` text,
	`published_at` text,
	`uploaded_at` text NOT NULL,
	`uploaded_by_name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blob_files_reference_unique` ON `blob_files` (`reference`);--> statement-breakpoint
CREATE INDEX `blob_files_folder` ON `blob_files` (`category`,`folder`,`name`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`route` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`read_at` text
);
--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`read_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `stock_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`species_category_ids` text DEFAULT '[]' NOT NULL,
	`carcass_types` text DEFAULT '[]' NOT NULL,
	`agenda_planning_days` integer DEFAULT 2 NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
