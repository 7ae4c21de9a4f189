ALTER TABLE `delivery_loads` ADD `truck_rego` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `delivery_loads` ADD `driver_name` text DEFAULT '' NOT NULL;