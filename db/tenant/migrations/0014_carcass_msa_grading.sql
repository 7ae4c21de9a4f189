ALTER TABLE `carcasses` ADD `msa_eye_muscle_area_cm2` integer;--> statement-breakpoint
ALTER TABLE `carcasses` ADD `msa_compliant` integer;--> statement-breakpoint
ALTER TABLE `carcasses` ADD `msa_non_compliance_reason` text;