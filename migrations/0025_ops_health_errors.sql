CREATE TABLE `error_events` (
	`id` text PRIMARY KEY NOT NULL,
	`group_id` text NOT NULL,
	`user_id` text,
	`session_key` text,
	`route` text,
	`release` text,
	`browser` text,
	`stack` text,
	`breadcrumbs` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `error_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `error_events_group_idx` ON `error_events` (`group_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `error_events_session_idx` ON `error_events` (`session_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `error_group_people` (
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`group_id`, `user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `error_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `error_group_releases` (
	`group_id` text NOT NULL,
	`release` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`group_id`, `release`),
	FOREIGN KEY (`group_id`) REFERENCES `error_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `error_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`fingerprint` text NOT NULL,
	`source` text NOT NULL,
	`type` text NOT NULL,
	`message` text NOT NULL,
	`count` integer NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	`status` text NOT NULL,
	`fixed_in_release` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `error_groups_scope_fp_idx` ON `error_groups` (`scope`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `error_groups_last_idx` ON `error_groups` (`last_seen`);--> statement-breakpoint
CREATE TABLE `health_probes` (
	`id` text PRIMARY KEY NOT NULL,
	`service` text NOT NULL,
	`status` text NOT NULL,
	`latency_ms` integer NOT NULL,
	`error` text,
	`checked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `health_probes_checked_idx` ON `health_probes` (`checked_at`);--> statement-breakpoint
CREATE TABLE `ops_beacons` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `problem_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text,
	`user_id` text NOT NULL,
	`description` text NOT NULL,
	`route` text,
	`error_ids` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `problem_reports_user_idx` ON `problem_reports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `problem_reports_created_idx` ON `problem_reports` (`created_at`);