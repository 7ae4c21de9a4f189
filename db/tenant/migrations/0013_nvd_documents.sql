CREATE TABLE `nvd_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`serial_number` text NOT NULL,
	`pic` text DEFAULT '' NOT NULL,
	`nvd_date` text NOT NULL,
	`head` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`consignee` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`file_key` text,
	`file_name` text DEFAULT '' NOT NULL,
	`content_type` text,
	`livestock_order_id` integer,
	`match_reason` text DEFAULT '' NOT NULL,
	`matched_at` text,
	`matched_by` text,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL,
	FOREIGN KEY (`livestock_order_id`) REFERENCES `livestock_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `nvd_documents_serial` ON `nvd_documents` (`serial_number`);--> statement-breakpoint
CREATE INDEX `nvd_documents_order` ON `nvd_documents` (`livestock_order_id`);--> statement-breakpoint
CREATE INDEX `nvd_documents_pic_date` ON `nvd_documents` (`pic`,`nvd_date`);