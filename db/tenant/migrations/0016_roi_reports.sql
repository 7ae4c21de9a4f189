CREATE TABLE `roi_data_tables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category` integer NOT NULL,
	`name` text NOT NULL,
	`report_date_filter` text,
	`blob_reference` text NOT NULL,
	`file_name` text NOT NULL,
	`column_names` text NOT NULL,
	`rows` text NOT NULL,
	`uploaded_by_name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roi_data_tables_name` ON `roi_data_tables` (`category`,`name`);--> statement-breakpoint
CREATE TABLE `roi_favourites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_type_id` integer DEFAULT 1 NOT NULL,
	`report_id` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roi_favourites_user_report` ON `roi_favourites` (`user_id`,`report_type_id`,`report_id`);--> statement-breakpoint
CREATE TABLE `roi_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`report_option` integer DEFAULT 0 NOT NULL,
	`species_id` integer,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`custom_credit_label` text DEFAULT '' NOT NULL,
	`custom_debit_label` text DEFAULT '' NOT NULL,
	`is_include_budget_columns` integer DEFAULT false NOT NULL,
	`columns` text NOT NULL,
	`lines` text NOT NULL,
	`is_layout_saved` integer DEFAULT false NOT NULL,
	`published_at` text,
	`owner_id` integer NOT NULL,
	`owner_name` text NOT NULL,
	`roi_template_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `roi_reports_owner` ON `roi_reports` (`owner_id`);--> statement-breakpoint
CREATE TABLE `roi_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`report_option` integer DEFAULT 0 NOT NULL,
	`custom_credit_label` text DEFAULT '' NOT NULL,
	`custom_debit_label` text DEFAULT '' NOT NULL,
	`columns` text NOT NULL,
	`lines` text NOT NULL,
	`layouts` text NOT NULL,
	`roi_template_id` integer,
	`owner_name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roi_templates_name_unique` ON `roi_templates` (`name`);