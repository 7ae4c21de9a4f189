CREATE TABLE `mob_requirements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stock_mob_id` integer NOT NULL,
	`name` text NOT NULL,
	`is_complete` integer DEFAULT false NOT NULL,
	`completed_by` text,
	`completed_at` text,
	FOREIGN KEY (`stock_mob_id`) REFERENCES `stock_mobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `requirements_mob` ON `mob_requirements` (`stock_mob_id`);--> statement-breakpoint
CREATE TABLE `pens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stockyard_id` integer NOT NULL,
	`name` text NOT NULL,
	`x` real DEFAULT 5 NOT NULL,
	`y` real DEFAULT 5 NOT NULL,
	`angle` real DEFAULT 0 NOT NULL,
	`width` real DEFAULT 40 NOT NULL,
	`height` real DEFAULT 30 NOT NULL,
	`capacity` integer DEFAULT 0 NOT NULL,
	`is_operational` integer DEFAULT true NOT NULL,
	`livestock_order_reserved_for_id` integer,
	`is_content_pending_kill` integer DEFAULT false NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`stockyard_id`) REFERENCES `stockyards`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`livestock_order_reserved_for_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `pens_yard` ON `pens` (`stockyard_id`);--> statement-breakpoint
CREATE TABLE `stockyards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`name` text NOT NULL,
	`species_id` integer,
	`is_any_species_yard` integer DEFAULT false NOT NULL,
	`is_paddock_group` integer DEFAULT false NOT NULL,
	`is_include_unfit_bin` integer DEFAULT false NOT NULL,
	`is_operational` integer DEFAULT false NOT NULL,
	`capacity` integer DEFAULT 0 NOT NULL,
	`map_image_key` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stockyards_site` ON `stockyards` (`tenant_site_id`);--> statement-breakpoint
ALTER TABLE `stock_mobs` ADD `stockyard_id` integer;--> statement-breakpoint
ALTER TABLE `stock_mobs` ADD `is_in_bin` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_mobs` ADD `bin_emptied_at` text;--> statement-breakpoint
ALTER TABLE `stock_mobs` ADD `sent_to_kill_floor_at` text;--> statement-breakpoint
ALTER TABLE `stock_mobs` ADD `is_last_shift` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `mobs_pen` ON `stock_mobs` (`pen_id`);