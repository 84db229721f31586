ALTER TABLE `bank_reconciliations` ADD `three_way` text;--> statement-breakpoint
ALTER TABLE `bank_reconciliations` ADD `signed_off_at` integer;--> statement-breakpoint
ALTER TABLE `bank_reconciliations` ADD `signed_off_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `bank_reconciliations` ADD `sign_off_note` text;