CREATE TABLE `demo_data_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`set_id` integer NOT NULL,
	`production_date` text NOT NULL,
	`cut_id` integer NOT NULL,
	`head` integer NOT NULL,
	`cartons` integer NOT NULL,
	`net_kg` real NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `demo_data_rows_set_day_cut` ON `demo_data_rows` (`set_id`,`production_date`,`cut_id`);