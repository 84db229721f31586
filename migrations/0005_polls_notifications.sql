CREATE TABLE `compliance_reminder_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`lead_days` text NOT NULL,
	`in_app` integer NOT NULL,
	`email` integer NOT NULL,
	`sms` integer NOT NULL,
	`overdue_daily` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`channel` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `type`, `channel`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`metadata` text NOT NULL,
	`read_at` integer,
	`delivered_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_ws_created_idx` ON `notifications` (`user_id`,`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_user_delivered_idx` ON `notifications` (`user_id`,`delivered_at`);--> statement-breakpoint
CREATE TABLE `poll_ballots` (
	`id` text PRIMARY KEY NOT NULL,
	`poll_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`voter_id` text NOT NULL,
	`choices` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`changes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`voter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_ballots_poll_voter_idx` ON `poll_ballots` (`poll_id`,`voter_id`);--> statement-breakpoint
CREATE TABLE `poll_options` (
	`id` text PRIMARY KEY NOT NULL,
	`poll_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`role` text,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_options_poll_position_idx` ON `poll_options` (`poll_id`,`position`);--> statement-breakpoint
CREATE TABLE `poll_voters` (
	`poll_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`weight` integer NOT NULL,
	PRIMARY KEY(`poll_id`, `user_id`),
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poll_voters_user_idx` ON `poll_voters` (`user_id`);--> statement-breakpoint
CREATE TABLE `poll_watchers` (
	`poll_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	PRIMARY KEY(`poll_id`, `user_id`),
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `polls` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`closes_at` integer NOT NULL,
	`eligibility` text NOT NULL,
	`eligible_roles` text,
	`quorum_percent` integer NOT NULL,
	`hide_results` integer NOT NULL,
	`weighted` integer NOT NULL,
	`anonymous` integer NOT NULL,
	`result` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	`closed_by` text,
	`last_reminded_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `polls_ws_created_idx` ON `polls` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `polls_status_closes_idx` ON `polls` (`status`,`closes_at`);--> statement-breakpoint
ALTER TABLE `memberships` ADD `beneficial_share_bp` integer;