CREATE TABLE `meeting_recording_chunks` (
	`recording_id` text NOT NULL,
	`seq` integer NOT NULL,
	`workspace_id` text NOT NULL,
	`start` integer NOT NULL,
	`bytes` integer NOT NULL,
	`storage_key` text NOT NULL,
	PRIMARY KEY(`recording_id`, `seq`),
	FOREIGN KEY (`recording_id`) REFERENCES `meeting_recordings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `meeting_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`recording_retention_days` integer,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `meeting_recordings` ADD `policy` text DEFAULT 'exclude-decliners' NOT NULL;--> statement-breakpoint
ALTER TABLE `meeting_recordings` ADD `required_consents` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `meeting_recordings` ADD `head_bytes` integer;--> statement-breakpoint
ALTER TABLE `meeting_recordings` ADD `patched_head_bytes` integer;--> statement-breakpoint
ALTER TABLE `meeting_recordings` ADD `duration_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `meeting_recordings` ADD `last_chunk_at` integer;--> statement-breakpoint
CREATE INDEX `meeting_recordings_status_idx` ON `meeting_recordings` (`status`,`last_chunk_at`);