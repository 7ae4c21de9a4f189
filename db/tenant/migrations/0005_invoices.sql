CREATE TABLE `defect_details` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`species_id` integer,
	`price_rule` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`is_archived` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `defect_details_code` ON `defect_details` (`code`);--> statement-breakpoint
CREATE TABLE `invoice_line_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`description` text NOT NULL,
	`quantity` real NOT NULL,
	`price_per_unit_cents` integer NOT NULL,
	`is_apply_gst` integer DEFAULT false NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice` ON `invoice_line_items` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoice_mobs` (
	`stock_mob_id` integer PRIMARY KEY NOT NULL,
	`invoice_id` integer NOT NULL,
	FOREIGN KEY (`stock_mob_id`) REFERENCES `stock_mobs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_mobs_invoice` ON `invoice_mobs` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoice_price_adjustments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`line_key` text NOT NULL,
	`cents_per_unit` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_adjustment_line` ON `invoice_price_adjustments` (`invoice_id`,`line_key`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`livestock_order_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`species_category_id` integer,
	`production_date` text,
	`status` text NOT NULL,
	`invoice_number` text,
	`due_date` text,
	`supplier_reference` text DEFAULT '' NOT NULL,
	`levies_removed` integer DEFAULT false NOT NULL,
	`sub_total_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`levy_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`carcass_count` integer DEFAULT 0 NOT NULL,
	`is_publishable` integer DEFAULT false NOT NULL,
	`unable_to_publish_reasons` text DEFAULT '[]' NOT NULL,
	`computed_at` text,
	`published_document` text,
	`published_at` text,
	`published_by` text,
	`published_report_ref` text,
	`finalised_at` text,
	`finalised_by` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoices_order` ON `invoices` (`livestock_order_id`);--> statement-breakpoint
CREATE INDEX `invoices_status` ON `invoices` (`status`,`species_id`);--> statement-breakpoint
CREATE INDEX `invoices_published` ON `invoices` (`published_at`);--> statement-breakpoint
CREATE TABLE `levy_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`levy_type` text NOT NULL,
	`tenant_site_id` integer DEFAULT 0 NOT NULL,
	`species_category_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`bands` text NOT NULL,
	`max_per_head_cents` integer,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `levy_key` ON `levy_settings` (`levy_type`,`tenant_site_id`,`species_category_id`,`start_date`,`description`);--> statement-breakpoint
CREATE TABLE `skin_counts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`livestock_order_id` integer NOT NULL,
	`production_date` text NOT NULL,
	`counts` text NOT NULL,
	`total` integer NOT NULL,
	`recorded_by` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skin_counts_order_day` ON `skin_counts` (`livestock_order_id`,`production_date`);--> statement-breakpoint
CREATE TABLE `skin_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`species_id` integer NOT NULL,
	`species_category_id` integer,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`archived_date` text,
	`grades` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `skin_prices_species` ON `skin_prices` (`species_id`,`start_date`);