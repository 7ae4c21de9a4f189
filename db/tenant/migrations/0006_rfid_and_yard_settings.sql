CREATE TABLE `rfid_scans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`livestock_order_id` integer NOT NULL,
	`rfid` text NOT NULL,
	`scanned_at` text NOT NULL,
	`source` text NOT NULL,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rfid_scans_order_device` ON `rfid_scans` (`livestock_order_id`,`rfid`);--> statement-breakpoint
CREATE INDEX `rfid_scans_device` ON `rfid_scans` (`rfid`);--> statement-breakpoint
CREATE TABLE `yard_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mob_checks` text NOT NULL,
	`last_modified` text NOT NULL
);
