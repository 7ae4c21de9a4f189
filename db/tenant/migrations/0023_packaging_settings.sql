CREATE TABLE `product_packaging_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`weight_type` text NOT NULL,
	`nominal_kg` real NOT NULL,
	`min_kg` real NOT NULL,
	`max_kg` real NOT NULL,
	`pieces_per_carton` integer NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
