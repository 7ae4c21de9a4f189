CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stream_id` integer NOT NULL,
	`sender_user_id` integer NOT NULL,
	`sender_name` text NOT NULL,
	`from_support` integer DEFAULT false NOT NULL,
	`text` text NOT NULL,
	`sent_at` text NOT NULL,
	FOREIGN KEY (`stream_id`) REFERENCES `chat_streams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_stream` ON `chat_messages` (`stream_id`,`id`);--> statement-breakpoint
CREATE TABLE `chat_read_marks` (
	`stream_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`last_read_message_id` integer NOT NULL,
	PRIMARY KEY(`stream_id`, `user_id`),
	FOREIGN KEY (`stream_id`) REFERENCES `chat_streams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `chat_streams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`subject` text NOT NULL,
	`is_ticket` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`date_modified` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_streams_user` ON `chat_streams` (`user_id`,`date_modified`);