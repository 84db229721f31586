CREATE TABLE `audit_chain_checks` (
	`chain` text PRIMARY KEY NOT NULL,
	`cursor_seq` integer,
	`cursor_hash` text,
	`started_at` integer,
	`checked_at` integer,
	`ok` integer,
	`entries` integer,
	`head_seq` integer,
	`head_hash` text,
	`broken_seq` integer
);
--> statement-breakpoint
CREATE TABLE `compliance_health_days` (
	`workspace_id` text NOT NULL,
	`day` text NOT NULL,
	`score` integer,
	`due` integer NOT NULL,
	`on_time` integer NOT NULL,
	`overdue` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `compliance_reminders_sent` (
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`lead_days` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`item_id`, `user_id`, `lead_days`),
	FOREIGN KEY (`item_id`) REFERENCES `compliance_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `trust_events` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`type` text NOT NULL,
	`occurred_on` text NOT NULL,
	`subject` text,
	`note` text,
	`document_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `trust_events_ws_idx` ON `trust_events` (`workspace_id`,`occurred_on`);--> statement-breakpoint
CREATE TABLE `trust_profiles` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`overrides` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	`synced_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `seq` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `prev_hash` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_chain_seq_idx` ON `audit_log` (`workspace_id`,`seq`);--> statement-breakpoint
CREATE INDEX `audit_unsealed_idx` ON `audit_log` (`workspace_id`) WHERE "audit_log"."hash" is null;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `key` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `source` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `jurisdiction` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `rule_id` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `citation_url` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `statutory_due_on` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `severity` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `title_key` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `title_params` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `source_text` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `also_citations` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `reminder_lead_days` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `completed_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `evidence` text;--> statement-breakpoint
ALTER TABLE `compliance_items` ADD `withdrawn_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `compliance_ws_key_idx` ON `compliance_items` (`workspace_id`,`key`);