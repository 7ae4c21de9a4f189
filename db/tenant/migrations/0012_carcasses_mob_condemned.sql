DROP INDEX `carcasses_mob`;--> statement-breakpoint
CREATE INDEX `carcasses_mob` ON `carcasses` (`stock_mob_id`,`condemned`);