CREATE TABLE `held_texts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`body` text NOT NULL,
	`send_after` integer NOT NULL,
	`status` text NOT NULL,
	`outcome` text,
	`created_at` integer NOT NULL,
	`released_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `held_texts_due_idx` ON `held_texts` (`status`,`send_after`);--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_hours_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_hours_start` text;--> statement-breakpoint
ALTER TABLE `users` ADD `quiet_hours_end` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `local_time` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `scheduled_messages` ADD `urgent` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `send_after` integer;--> statement-breakpoint
CREATE INDEX `mail_outbox_held_idx` ON `mail_outbox` (`status`,`send_after`);