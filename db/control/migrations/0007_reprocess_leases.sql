CREATE TABLE `reprocess_leases` (
	`tenant_id` integer NOT NULL,
	`species_id` integer NOT NULL,
	`instance_id` text NOT NULL,
	`run_id` text NOT NULL,
	`holder_name` text NOT NULL,
	`taken_at` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`tenant_id`, `species_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`species_id`) REFERENCES `species`(`id`) ON UPDATE no action ON DELETE no action
);
