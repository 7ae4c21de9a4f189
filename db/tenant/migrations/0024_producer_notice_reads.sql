CREATE TABLE `producer_notice_reads` (
	`user_id` integer NOT NULL,
	`notice_key` text NOT NULL,
	`read_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `notice_key`)
);
