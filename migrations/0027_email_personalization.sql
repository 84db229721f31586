CREATE TABLE `email_branding` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`family_name` text,
	`greeting` text,
	`signature` text,
	`accent_theme` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `email_digest_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_in` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_digest_items_pending_idx` ON `email_digest_items` (`user_id`,`sent_in`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_digest_items_ws_idx` ON `email_digest_items` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `email_opt_outs` (
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `workspace_id`, `scope`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`digest` text NOT NULL,
	`last_digest_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_template_intros` (
	`workspace_id` text NOT NULL,
	`template_key` text NOT NULL,
	`intro` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `template_key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `html_body` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;