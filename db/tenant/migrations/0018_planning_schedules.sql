CREATE TABLE `cut_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`production_date` text NOT NULL,
	`species_id` integer NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`basis` text DEFAULT 'standard' NOT NULL,
	`carcass_groups` text NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cut_plans_day` ON `cut_plans` (`production_date`,`species_id`,`tenant_site_id`);--> statement-breakpoint
CREATE TABLE `planning_group_adjustments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`kill_date_value` text NOT NULL,
	`kind` text NOT NULL,
	`group_id` text NOT NULL,
	`split_by` text,
	`split_at` real,
	`to_date` text,
	`created_at` text NOT NULL,
	`created_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `planning_group_adjustments_day` ON `planning_group_adjustments` (`species_id`,`tenant_site_id`,`kill_date_value`);--> statement-breakpoint
CREATE TABLE `planning_group_cache` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`kill_date_value` text NOT NULL,
	`carcasses` text NOT NULL,
	`built_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `planning_group_cache_day` ON `planning_group_cache` (`species_id`,`tenant_site_id`,`kill_date_value`);--> statement-breakpoint
CREATE TABLE `production_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cut_plan_id` integer NOT NULL,
	`production_date` text NOT NULL,
	`species_id` integer NOT NULL,
	`tenant_site_id` integer NOT NULL,
	`boning_room_id` integer NOT NULL,
	`shift` text NOT NULL,
	`lines` text NOT NULL,
	`released_at` text NOT NULL,
	`released_by` text DEFAULT '' NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`cut_plan_id`) REFERENCES `cut_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `production_schedules_shift` ON `production_schedules` (`production_date`,`boning_room_id`,`shift`);--> statement-breakpoint
CREATE INDEX `production_schedules_plan` ON `production_schedules` (`cut_plan_id`);