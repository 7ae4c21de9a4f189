ALTER TABLE `livestock_orders` ADD `boxed_lot_ref` text;--> statement-breakpoint
ALTER TABLE `livestock_orders` ADD `boxed_order_collection_id` integer;--> statement-breakpoint
CREATE INDEX `orders_boxed` ON `livestock_orders` (`boxed_order_collection_id`);