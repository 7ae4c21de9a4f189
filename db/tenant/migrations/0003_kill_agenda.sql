CREATE TABLE `kill_agenda_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kill_agenda_id` integer NOT NULL,
	`livestock_order_id` integer NOT NULL,
	`stock_mob_id` integer,
	`kill_order` integer NOT NULL,
	FOREIGN KEY (`kill_agenda_id`) REFERENCES `kill_agendas`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`stock_mob_id`) REFERENCES `stock_mobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `kill_agenda_items_agenda` ON `kill_agenda_items` (`kill_agenda_id`);--> statement-breakpoint
CREATE INDEX `kill_agenda_items_mob` ON `kill_agenda_items` (`stock_mob_id`);--> statement-breakpoint
CREATE TABLE `kill_agendas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`production_date` text NOT NULL,
	`species_id` integer NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`site_location_id` integer,
	`printed_at` text,
	`printed_by` text,
	`revision` integer DEFAULT 1 NOT NULL,
	`integration_status` text DEFAULT 'NotSent' NOT NULL,
	`integration_sent_at` text,
	`integration_sent_by` text,
	`integration_message` text,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`site_location_id`) REFERENCES `site_locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kill_agendas_day` ON `kill_agendas` (`production_date`,`species_id`,`tenant_site_id`);--> statement-breakpoint
CREATE TABLE `site_locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`name` text NOT NULL,
	`location_type` text NOT NULL,
	`species_ids` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_locations_site` ON `site_locations` (`tenant_site_id`);--> statement-breakpoint
ALTER TABLE `stock_mobs` ADD `kill_floor_id` integer;--> statement-breakpoint
CREATE INDEX `mobs_production` ON `stock_mobs` (`applicable_production_date`);--> statement-breakpoint
CREATE INDEX `orders_production` ON `livestock_orders` (`production_date`);