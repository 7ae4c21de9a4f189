CREATE TABLE `buyers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`mobile` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`is_soft_deleted` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `delivery_loads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`livestock_order_id` integer NOT NULL,
	`head` integer NOT NULL,
	`doa` integer DEFAULT 0 NOT NULL,
	`nvd_number` text DEFAULT '' NOT NULL,
	`delivery_date` text NOT NULL,
	`delivery_time` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `loads_order` ON `delivery_loads` (`livestock_order_id`);--> statement-breakpoint
CREATE TABLE `kill_volume_targets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`tenant_site_id` integer,
	`days_operating_per_week` integer NOT NULL,
	`weekly_target` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`week_days_selected` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `livestock_order_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`species_category_id` integer,
	`quantity_required` integer DEFAULT 0 NOT NULL,
	`supplier_id` integer NOT NULL,
	`transport_company_id` integer,
	`buyer_id` integer,
	`delivery_date` text,
	`order_date` text,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transport_company_id`) REFERENCES `transport_companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `buyers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_groups_delivery` ON `livestock_order_groups` (`delivery_date`);--> statement-breakpoint
CREATE TABLE `livestock_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`livestock_order_group_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`tenant_site_id` integer,
	`species_id` integer NOT NULL,
	`species_category_id` integer,
	`quantity_ordered` integer NOT NULL,
	`declared_quantity` integer,
	`delivery_date` text NOT NULL,
	`delivery_time` text,
	`production_date` text,
	`order_status` integer NOT NULL,
	`order_confirmed` integer DEFAULT false NOT NULL,
	`agenda_lot_reference` text,
	`pic` text DEFAULT '' NOT NULL,
	`nvd` text DEFAULT '' NOT NULL,
	`is_msa_eligible` integer DEFAULT false NOT NULL,
	`is_saleyard_order` integer DEFAULT false NOT NULL,
	`transport_company_id` integer,
	`stakeholder_ids` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`pricing_grid_group_id` integer,
	`off_grid_price` real,
	`off_grid_price_per` text,
	`off_grid_price_type` text,
	`recurrence_frequency` text DEFAULT 'None' NOT NULL,
	`recurrence_end_date` text,
	`recurrence_series_id` integer,
	`total_delivered` integer DEFAULT 0 NOT NULL,
	`total_doa` integer DEFAULT 0 NOT NULL,
	`total_unloaded` integer DEFAULT 0 NOT NULL,
	`total_processed` integer DEFAULT 0 NOT NULL,
	`is_waiting_for_external_head_count` integer DEFAULT false NOT NULL,
	`external_head_count` integer,
	`external_doa_count` integer,
	`status_before_cancel` integer,
	`cancel_reason` text,
	`cancelled_at` text,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`livestock_order_group_id`) REFERENCES `livestock_order_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transport_company_id`) REFERENCES `transport_companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `orders_delivery` ON `livestock_orders` (`delivery_date`);--> statement-breakpoint
CREATE INDEX `orders_group` ON `livestock_orders` (`livestock_order_group_id`);--> statement-breakpoint
CREATE INDEX `orders_series` ON `livestock_orders` (`recurrence_series_id`);--> statement-breakpoint
CREATE TABLE `pricing_grid_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`species_id` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`is_service_kill` integer DEFAULT false NOT NULL,
	`is_default_group` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `grid_groups_species` ON `pricing_grid_groups` (`species_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `pricing_grids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pricing_grid_group_id` integer NOT NULL,
	`species_category_id` integer NOT NULL,
	`reference` text NOT NULL,
	`best_price` real,
	`priority` integer NOT NULL,
	`cells` text,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`pricing_grid_group_id`) REFERENCES `pricing_grid_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grids_group` ON `pricing_grids` (`pricing_grid_group_id`);--> statement-breakpoint
CREATE TABLE `stakeholders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`is_tenant` integer DEFAULT false NOT NULL,
	`business_tax_identifier` text DEFAULT '' NOT NULL,
	`company_identifier` text DEFAULT '' NOT NULL,
	`is_gst_exempt` integer DEFAULT false NOT NULL,
	`pic` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`roles` text DEFAULT '[]' NOT NULL,
	`stock_types` text DEFAULT '[]' NOT NULL,
	`msa_properties` text,
	`contact_first_name` text DEFAULT '' NOT NULL,
	`contact_last_name` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`contact_mobile` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`contact_job_title` text DEFAULT '' NOT NULL,
	`address_line1` text DEFAULT '' NOT NULL,
	`address_line2` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`postcode` text DEFAULT '' NOT NULL,
	`country_id` integer DEFAULT 36 NOT NULL,
	`address_type` text DEFAULT 'Postal' NOT NULL,
	`bank_account_name` text DEFAULT '' NOT NULL,
	`bsb` text DEFAULT '' NOT NULL,
	`bank_account_number` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	`stakeholder_type` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stakeholders_name` ON `stakeholders` (`name`);--> statement-breakpoint
CREATE TABLE `stock_mobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`livestock_order_id` integer NOT NULL,
	`delivery_load_id` integer,
	`supplier_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`species_category_id` integer,
	`tenant_site_id` integer,
	`head` integer NOT NULL,
	`separated_head` integer DEFAULT 0 NOT NULL,
	`mob_status` integer NOT NULL,
	`pen_id` integer,
	`pic` text DEFAULT '' NOT NULL,
	`agenda_lot_reference` text,
	`agenda_lot_reference_suffix` text,
	`planned_production_date` text,
	`applicable_production_date` text,
	`reason_sent_to_bin` text,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`delivery_load_id`) REFERENCES `delivery_loads`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `mobs_order` ON `stock_mobs` (`livestock_order_id`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`is_tenant` integer DEFAULT false NOT NULL,
	`business_tax_identifier` text DEFAULT '' NOT NULL,
	`company_identifier` text DEFAULT '' NOT NULL,
	`is_gst_exempt` integer DEFAULT false NOT NULL,
	`pic` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`roles` text DEFAULT '[]' NOT NULL,
	`stock_types` text DEFAULT '[]' NOT NULL,
	`msa_properties` text,
	`contact_first_name` text DEFAULT '' NOT NULL,
	`contact_last_name` text DEFAULT '' NOT NULL,
	`contact_email` text DEFAULT '' NOT NULL,
	`contact_mobile` text DEFAULT '' NOT NULL,
	`contact_phone` text DEFAULT '' NOT NULL,
	`contact_job_title` text DEFAULT '' NOT NULL,
	`address_line1` text DEFAULT '' NOT NULL,
	`address_line2` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`postcode` text DEFAULT '' NOT NULL,
	`country_id` integer DEFAULT 36 NOT NULL,
	`address_type` text DEFAULT 'Postal' NOT NULL,
	`bank_account_name` text DEFAULT '' NOT NULL,
	`bsb` text DEFAULT '' NOT NULL,
	`bank_account_number` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `suppliers_name` ON `suppliers` (`name`);--> statement-breakpoint
CREATE INDEX `suppliers_modified` ON `suppliers` (`last_modified`);--> statement-breakpoint
CREATE TABLE `transport_companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
