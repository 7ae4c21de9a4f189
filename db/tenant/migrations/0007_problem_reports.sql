CREATE TABLE `problem_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`page` text NOT NULL,
	`message` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`handled_at` text,
	`handled_by` text
);
--> statement-breakpoint
CREATE INDEX `problem_reports_open` ON `problem_reports` (`handled_at`,`created_at`);