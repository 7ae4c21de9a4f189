CREATE TABLE `boning_rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`name` text NOT NULL,
	`species_ids` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `boning_rooms_name` ON `boning_rooms` (`tenant_site_id`,`name`);--> statement-breakpoint
CREATE TABLE `boning_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`production_date` text NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`boning_room_id` integer NOT NULL,
	`shift` text NOT NULL,
	`run_number` integer NOT NULL,
	`kill_date` text,
	`stock_mob_id` integer,
	`livestock_order_id` integer,
	`supplier_id` integer,
	`head` integer DEFAULT 0 NOT NULL,
	`hscw_kg` real DEFAULT 0 NOT NULL,
	`fat_mm_sum` real DEFAULT 0 NOT NULL,
	`fat_head` integer DEFAULT 0 NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `boning_runs_number` ON `boning_runs` (`production_date`,`tenant_site_id`,`boning_room_id`,`run_number`);--> statement-breakpoint
CREATE INDEX `boning_runs_mob` ON `boning_runs` (`stock_mob_id`,`kill_date`);--> statement-breakpoint
CREATE TABLE `carton_imports` (
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
CREATE INDEX `carton_imports_sent` ON `carton_imports` (`sent_at`);--> statement-breakpoint
CREATE TABLE `cartons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`serial` text NOT NULL,
	`product_code_id` integer NOT NULL,
	`net_kg` real NOT NULL,
	`pieces` integer DEFAULT 0 NOT NULL,
	`production_date` text NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`boning_room_id` integer NOT NULL,
	`shift` text NOT NULL,
	`boning_run_id` integer NOT NULL,
	`import_id` integer NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cartons_serial` ON `cartons` (`serial`);--> statement-breakpoint
CREATE INDEX `cartons_day` ON `cartons` (`production_date`,`tenant_site_id`,`species_id`);--> statement-breakpoint
CREATE INDEX `cartons_run` ON `cartons` (`boning_run_id`);--> statement-breakpoint
CREATE TABLE `product_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`code` text NOT NULL,
	`description` text NOT NULL,
	`meat_code` text,
	`kind` text DEFAULT 'product' NOT NULL,
	`cut_id` integer,
	`is_active` integer DEFAULT false NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_codes_code` ON `product_codes` (`species_id`,`code`);--> statement-breakpoint
CREATE TABLE `product_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_code_id` integer NOT NULL,
	`effective_from` text NOT NULL,
	`cents_per_kg` integer NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_prices_from` ON `product_prices` (`product_code_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `segment_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_code_id` integer NOT NULL,
	`cut_id` integer NOT NULL,
	`effective_from` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `segment_overrides_from` ON `segment_overrides` (`product_code_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `standard_yields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_code_id` integer NOT NULL,
	`effective_from` text NOT NULL,
	`percent` real NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `standard_yields_from` ON `standard_yields` (`product_code_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `yield_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`species_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`owner_name` text NOT NULL,
	`filters` text DEFAULT '{}' NOT NULL,
	`columns` text DEFAULT '[]' NOT NULL,
	`group_by` text DEFAULT 'cut' NOT NULL,
	`is_shared` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `yield_reports_kind` ON `yield_reports` (`kind`);--> statement-breakpoint
CREATE TABLE `yield_segments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`level` text NOT NULL,
	`name` text NOT NULL,
	`parent_id` integer,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `yield_segments_name` ON `yield_segments` (`species_id`,`level`,`name`);--> statement-breakpoint
CREATE TABLE `yield_summaries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`production_date` text NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`boning_room_id` integer NOT NULL,
	`shift` text NOT NULL,
	`boning_run_id` integer NOT NULL,
	`product_code_id` integer NOT NULL,
	`cut_id` integer,
	`kind` text NOT NULL,
	`cartons` integer NOT NULL,
	`pieces` integer NOT NULL,
	`kg` real NOT NULL,
	`expected_kg` real NOT NULL,
	`standard_percent` real NOT NULL,
	`cents_per_kg` integer,
	`revenue_cents` integer DEFAULT 0 NOT NULL,
	`expected_revenue_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `yield_summaries_day` ON `yield_summaries` (`production_date`,`tenant_site_id`,`species_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `yield_summaries_key` ON `yield_summaries` (`boning_run_id`,`product_code_id`);