CREATE TABLE `payment_file_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`apca_user_id` text DEFAULT '' NOT NULL,
	`bank_abbreviation` text DEFAULT '' NOT NULL,
	`user_name` text DEFAULT '' NOT NULL,
	`description` text DEFAULT 'LIVESTOCK' NOT NULL,
	`balancing` integer DEFAULT false NOT NULL,
	`last_modified` text NOT NULL,
	`modified_by` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_run_invoices` (
	`payment_run_id` integer NOT NULL,
	`invoice_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`payment_run_id`) REFERENCES `payment_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_run_invoices_run` ON `payment_run_invoices` (`payment_run_id`);--> statement-breakpoint
CREATE INDEX `payment_run_invoices_invoice` ON `payment_run_invoices` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `payment_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`processing_date` text NOT NULL,
	`description` text NOT NULL,
	`total_cents` integer NOT NULL,
	`invoice_count` integer NOT NULL,
	`status` text NOT NULL,
	`file_text` text NOT NULL,
	`created_by` text NOT NULL,
	`cancelled_at` text,
	`cancelled_by` text,
	`created_at` text NOT NULL,
	`last_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_runs_created` ON `payment_runs` (`created_at`);