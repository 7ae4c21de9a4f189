CREATE TABLE `roi_layouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`definition_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`credit_tree` text NOT NULL,
	`debit_tree` text NOT NULL,
	`settings` text NOT NULL,
	`is_layout_saved` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `roi_layouts_definition` ON `roi_layouts` (`definition_id`);