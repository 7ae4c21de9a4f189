ALTER TABLE `kill_agendas` ADD `sent_revision` integer;--> statement-breakpoint
ALTER TABLE `kill_agendas` ADD `sent_lots` text;--> statement-breakpoint
ALTER TABLE `stock_mobs` ADD `merged_into_id` integer;