CREATE TABLE `remittance_mailings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`requested_by` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`claimed_until` text,
	`last_error` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remittance_mailings_invoice` ON `remittance_mailings` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `remittance_mailings_due` ON `remittance_mailings` (`next_attempt_at`);