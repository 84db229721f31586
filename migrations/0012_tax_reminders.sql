CREATE TABLE `tax_reminders_sent` (
	`workspace_id` text NOT NULL,
	`item_key` text NOT NULL,
	`lead_days` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `item_key`, `lead_days`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
