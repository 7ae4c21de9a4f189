CREATE TABLE `carcass_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`name` text NOT NULL,
	`sent_by` text NOT NULL,
	`sent_at` text NOT NULL,
	`rows` integer NOT NULL,
	`added` integer DEFAULT 0 NOT NULL,
	`replaced` integer DEFAULT 0 NOT NULL,
	`production_dates` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `carcass_imports_sent` ON `carcass_imports` (`sent_at`);--> statement-breakpoint
CREATE TABLE `carcasses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`production_date` text NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`body_number` integer NOT NULL,
	`kill_sequence` integer NOT NULL,
	`stock_mob_id` integer NOT NULL,
	`livestock_order_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`species_category_id` integer,
	`rfid` text,
	`sex` text,
	`dentition` integer,
	`hscw_kg` real NOT NULL,
	`fat_depth_mm` real,
	`fat_score` integer,
	`grade_code` text,
	`msa_hump_mm` integer,
	`msa_hang_method` text,
	`msa_hgp` integer,
	`msa_ossification` integer,
	`msa_marbling` integer,
	`msa_rib_fat_mm` integer,
	`msa_ultimate_ph` real,
	`msa_loin_temp_c` real,
	`msa_index` real,
	`defects` text DEFAULT '[]' NOT NULL,
	`trim_kg` real DEFAULT 0 NOT NULL,
	`condemned` text DEFAULT 'none' NOT NULL,
	`condemned_reason` text,
	`skin_grade` text,
	`import_id` integer NOT NULL,
	`is_corrected` integer DEFAULT false NOT NULL,
	`received_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`stock_mob_id`) REFERENCES `stock_mobs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carcasses_body` ON `carcasses` (`production_date`,`tenant_site_id`,`species_id`,`body_number`);--> statement-breakpoint
CREATE INDEX `carcasses_mob` ON `carcasses` (`stock_mob_id`);--> statement-breakpoint
CREATE INDEX `carcasses_order` ON `carcasses` (`livestock_order_id`);--> statement-breakpoint
CREATE TABLE `integration_errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`error_item_id` text NOT NULL,
	`date` text NOT NULL,
	`integration_partner` text NOT NULL,
	`error_type` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`acknowledged_at` text,
	`acknowledged_by` text
);
--> statement-breakpoint
CREATE INDEX `integration_errors_date` ON `integration_errors` (`date`);--> statement-breakpoint
CREATE TABLE `interchange_clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_name` text NOT NULL,
	`tenant_site_id` integer,
	`time_zone` text,
	`is_in_error_state` integer DEFAULT false NOT NULL,
	`is_currently_operating` integer DEFAULT false NOT NULL,
	`has_interchange_enabled` integer DEFAULT false NOT NULL,
	`current_data_flow_status` text DEFAULT 'ReadyToProcess' NOT NULL,
	`process_entries` text DEFAULT '[]' NOT NULL,
	`next_pipeline_schedule` text,
	`client_app_version` text DEFAULT '' NOT NULL,
	`is_software_up_to_date` integer DEFAULT false NOT NULL,
	`last_heartbeat_at` text NOT NULL,
	`reset_requested_at` text,
	`reset_force` integer DEFAULT false NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interchange_clients_name` ON `interchange_clients` (`client_name`);--> statement-breakpoint
ALTER TABLE `livestock_orders` ADD `carcass_data_complete_at` text;