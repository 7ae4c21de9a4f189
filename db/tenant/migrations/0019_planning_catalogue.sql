CREATE TABLE `carcass_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`species_id` integer NOT NULL,
	`is_orderable` integer DEFAULT false NOT NULL,
	`is_produceable` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `carcass_types_species` ON `carcass_types` (`species_id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`market` text NOT NULL,
	`country` text DEFAULT 'Australia' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ingredients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`species_id` integer NOT NULL,
	`primal_id` integer NOT NULL,
	`numeric` integer DEFAULT 1 NOT NULL,
	`repeatable` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ingredients_primal` ON `ingredients` (`species_id`,`primal_id`);--> statement-breakpoint
CREATE TABLE `product_definition_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_definition_id` integer NOT NULL,
	`product_code_id` integer NOT NULL,
	FOREIGN KEY (`product_definition_id`) REFERENCES `product_definitions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_definition_codes_code` ON `product_definition_codes` (`product_code_id`);--> statement-breakpoint
CREATE INDEX `product_definition_codes_product` ON `product_definition_codes` (`product_definition_id`);--> statement-breakpoint
CREATE TABLE `product_definitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`reference_number` text DEFAULT '' NOT NULL,
	`species_id` integer NOT NULL,
	`is_red_meat_cut` integer DEFAULT false NOT NULL,
	`stat_cut` text,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `product_definitions_species` ON `product_definitions` (`species_id`);--> statement-breakpoint
CREATE TABLE `product_packagings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_definition_id` integer NOT NULL,
	`name` text NOT NULL,
	`weight_type` text NOT NULL,
	`nominal_kg` real NOT NULL,
	`min_kg` real NOT NULL,
	`max_kg` real NOT NULL,
	`pieces_per_carton` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`product_definition_id`) REFERENCES `product_definitions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `product_packagings_product` ON `product_packagings` (`product_definition_id`);--> statement-breakpoint
CREATE TABLE `recipe_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recipe_id` integer NOT NULL,
	`product_definition_id` integer NOT NULL,
	`yield_percent` real NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_definition_id`) REFERENCES `product_definitions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `recipe_lines_recipe` ON `recipe_lines` (`recipe_id`);--> statement-breakpoint
CREATE TABLE `recipes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`species_id` integer NOT NULL,
	`primal_id` integer NOT NULL,
	`trim_percent` real DEFAULT 0 NOT NULL,
	`fat_percent` real DEFAULT 0 NOT NULL,
	`bone_percent` real DEFAULT 0 NOT NULL,
	`loss_percent` real DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recipes_primal` ON `recipes` (`species_id`,`primal_id`);--> statement-breakpoint
CREATE TABLE `sales_order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sales_order_id` integer NOT NULL,
	`product_definition_id` integer NOT NULL,
	`cartons` integer,
	`kg` real,
	`cents_per_kg` integer NOT NULL,
	`packed_kg` real,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`sales_order_id`) REFERENCES `sales_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_definition_id`) REFERENCES `product_definitions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sales_order_lines_order` ON `sales_order_lines` (`sales_order_id`);--> statement-breakpoint
CREATE TABLE `sales_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`customer_id` integer NOT NULL,
	`salesperson_id` integer,
	`shipping_company_name` text DEFAULT '' NOT NULL,
	`etd` text NOT NULL,
	`freight_type` text NOT NULL,
	`status` text DEFAULT 'Pending' NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`salesperson_id`) REFERENCES `salespersons`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sales_orders_etd` ON `sales_orders` (`etd`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_orders_reference` ON `sales_orders` (`reference`);--> statement-breakpoint
CREATE TABLE `salespersons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `specification_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`category_id` integer NOT NULL,
	`metric` text NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `specifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`specified_item_kind` text NOT NULL,
	`specified_item_id` integer NOT NULL,
	`specification_type_id` integer NOT NULL,
	`min_value` real,
	`max_value` real,
	`text_value` text,
	`description` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`specification_type_id`) REFERENCES `specification_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `specifications_item` ON `specifications` (`specified_item_kind`,`specified_item_id`);