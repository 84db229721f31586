CREATE TABLE `ownership_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`from_user_id` text NOT NULL,
	`to_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`accepted_at` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ownership_transfers_ws_idx` ON `ownership_transfers` (`workspace_id`,`to_user_id`);--> statement-breakpoint
CREATE TABLE `workspace_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`requested_by` text NOT NULL,
	`status` text NOT NULL,
	`files_done` integer DEFAULT 0 NOT NULL,
	`files_total` integer DEFAULT 0 NOT NULL,
	`storage_key` text,
	`size_bytes` integer,
	`error` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	`expires_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_exports_ws_idx` ON `workspace_exports` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `country` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `portal_shows_totals` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `deletion_requested_at` integer;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `deletion_requested_by` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `purge_after` integer;