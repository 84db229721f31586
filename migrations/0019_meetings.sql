CREATE TABLE `meeting_attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`user_id` text,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`joined_at` integer NOT NULL,
	`left_at` integer,
	`e2ee` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meeting_attendance_meeting_idx` ON `meeting_attendance` (`meeting_id`,`joined_at`);--> statement-breakpoint
CREATE TABLE `meeting_chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meeting_chat_meeting_idx` ON `meeting_chat_messages` (`meeting_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `meeting_invitees` (
	`meeting_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`response` text DEFAULT 'pending' NOT NULL,
	PRIMARY KEY(`meeting_id`, `user_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_invitees_user_idx` ON `meeting_invitees` (`workspace_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `meeting_recording_consents` (
	`recording_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`decision` text NOT NULL,
	`decided_at` integer NOT NULL,
	`text_agreed` text NOT NULL,
	PRIMARY KEY(`recording_id`, `user_id`),
	FOREIGN KEY (`recording_id`) REFERENCES `meeting_recordings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `meeting_recordings` (
	`id` text PRIMARY KEY NOT NULL,
	`meeting_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`status` text NOT NULL,
	`r2_upload_id` text,
	`storage_key` text NOT NULL,
	`next_chunk` integer DEFAULT 1 NOT NULL,
	`parts` text NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`sha256` text,
	`started_by` text,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	`document_id` text,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meeting_recordings_meeting_idx` ON `meeting_recordings` (`meeting_id`);--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`title` text NOT NULL,
	`agenda` text,
	`starts_at` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`host_user_id` text,
	`status` text NOT NULL,
	`poll_id` text,
	`document_ids` text,
	`e2ee_required` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meetings_ws_starts_idx` ON `meetings` (`workspace_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `meetings_ws_status_idx` ON `meetings` (`workspace_id`,`status`);