CREATE TABLE `finance_allocations` (
	`workspace_id` text NOT NULL,
	`category` text NOT NULL,
	`income_share_bp` integer NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `category`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `finance_assets` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`bank_account_id` text,
	`description` text,
	`currency` text NOT NULL,
	`acquired_on` text NOT NULL,
	`disposed_on` text,
	`disposal_proceeds_minor` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `finance_assets_ws_idx` ON `finance_assets` (`workspace_id`,`kind`);--> statement-breakpoint
CREATE TABLE `finance_distribution_approvals` (
	`distribution_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`decision` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`distribution_id`, `user_id`),
	FOREIGN KEY (`distribution_id`) REFERENCES `finance_distributions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `finance_distributions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`beneficiary_user_id` text,
	`beneficiary_name` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`purpose` text NOT NULL,
	`principal_or_income` text NOT NULL,
	`needed_by` text,
	`status` text NOT NULL,
	`approval_mode` text NOT NULL,
	`authority` text NOT NULL,
	`warnings` text NOT NULL,
	`poll_id` text,
	`transaction_id` text,
	`paid_on` text,
	`decided_by` text,
	`decided_at` integer,
	`decision_note` text,
	`requested_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`beneficiary_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `finance_distributions_ws_idx` ON `finance_distributions` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `finance_distributions_beneficiary_idx` ON `finance_distributions` (`workspace_id`,`beneficiary_user_id`);--> statement-breakpoint
CREATE INDEX `finance_distributions_poll_idx` ON `finance_distributions` (`poll_id`);--> statement-breakpoint
CREATE TABLE `finance_valuations` (
	`id` text PRIMARY KEY NOT NULL,
	`asset_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`valued_on` text NOT NULL,
	`carrying_minor` integer NOT NULL,
	`current_minor` integer NOT NULL,
	`source` text NOT NULL,
	`note` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`asset_id`) REFERENCES `finance_assets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `finance_valuations_asset_idx` ON `finance_valuations` (`asset_id`,`valued_on`);--> statement-breakpoint
CREATE INDEX `finance_valuations_ws_idx` ON `finance_valuations` (`workspace_id`,`valued_on`);--> statement-breakpoint
CREATE TABLE `tax_calendar_done` (
	`workspace_id` text NOT NULL,
	`item_key` text NOT NULL,
	`done_by` text,
	`done_at` integer NOT NULL,
	`note` text,
	PRIMARY KEY(`workspace_id`, `item_key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`done_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `tax_feed_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_feed_tokens_token_hash_unique` ON `tax_feed_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `tax_feed_tokens_user_idx` ON `tax_feed_tokens` (`workspace_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `tax_profiles` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`grantor` integer NOT NULL,
	`ein` text,
	`tax_year_end_month` integer NOT NULL,
	`states` text NOT NULL,
	`january_estimate_skipped` integer NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
