CREATE TABLE `finance_accounting_deliveries` (
	`accounting_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`delivered_at` integer NOT NULL,
	`notification_id` text,
	PRIMARY KEY(`accounting_id`, `user_id`),
	FOREIGN KEY (`accounting_id`) REFERENCES `finance_accountings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `finance_deliveries_user_idx` ON `finance_accounting_deliveries` (`workspace_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `finance_accountings` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`period_from` text NOT NULL,
	`period_to` text NOT NULL,
	`reason` text NOT NULL,
	`jurisdiction` text,
	`document_id` text NOT NULL,
	`sent_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `finance_accountings_ws_idx` ON `finance_accountings` (`workspace_id`,`period_to`);