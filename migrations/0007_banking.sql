CREATE TABLE `bank_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`institution` text NOT NULL,
	`last_four` text NOT NULL,
	`type` text NOT NULL,
	`currency` text NOT NULL,
	`opening_balance_minor` integer NOT NULL,
	`opening_on` text NOT NULL,
	`csv_mapping` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_accounts_ws_idx` ON `bank_accounts` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `bank_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`account_id` text NOT NULL,
	`file_name` text NOT NULL,
	`format` text NOT NULL,
	`status` text NOT NULL,
	`row_count` integer NOT NULL,
	`ledger_balance_minor` integer,
	`ledger_balance_on` text,
	`imported` integer,
	`skipped` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`committed_at` integer,
	`commit_token` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_imports_account_idx` ON `bank_imports` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bank_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`uploaded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_receipts_tx_idx` ON `bank_receipts` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `bank_reconciliations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`account_id` text NOT NULL,
	`statement_end_on` text NOT NULL,
	`closing_balance_minor` integer NOT NULL,
	`status` text NOT NULL,
	`report` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`locked_at` integer,
	`locked_by` text,
	`unlocked_at` integer,
	`unlocked_by` text,
	`unlock_reason` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`locked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`unlocked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_reconciliations_account_idx` ON `bank_reconciliations` (`account_id`,`statement_end_on`);--> statement-breakpoint
CREATE TABLE `bank_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`conditions` text NOT NULL,
	`actions` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_rules_ws_idx` ON `bank_rules` (`workspace_id`,`position`);--> statement-breakpoint
CREATE TABLE `bank_transaction_splits` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`position` integer NOT NULL,
	`amount_minor` integer NOT NULL,
	`category` text NOT NULL,
	`principal_or_income` text NOT NULL,
	`beneficiary_user_id` text,
	`note` text,
	FOREIGN KEY (`transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`beneficiary_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_splits_tx_idx` ON `bank_transaction_splits` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `bank_splits_beneficiary_idx` ON `bank_transaction_splits` (`workspace_id`,`beneficiary_user_id`);--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`account_id` text NOT NULL,
	`import_id` text,
	`posted_on` text NOT NULL,
	`description` text NOT NULL,
	`payee` text,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`bank_id` text,
	`check_number` text,
	`purpose` text,
	`responsible_user_id` text,
	`responsible_name` text,
	`notes` text,
	`category` text,
	`principal_or_income` text,
	`beneficiary_user_id` text,
	`status` text NOT NULL,
	`cleared` integer NOT NULL,
	`reconciliation_id` text,
	`rule_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`import_id`) REFERENCES `bank_imports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`responsible_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`beneficiary_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_tx_account_posted_idx` ON `bank_transactions` (`account_id`,`posted_on`,`created_at`);--> statement-breakpoint
CREATE INDEX `bank_tx_account_status_amount_idx` ON `bank_transactions` (`account_id`,`status`,`amount_minor`);--> statement-breakpoint
CREATE INDEX `bank_tx_ws_status_idx` ON `bank_transactions` (`workspace_id`,`status`);--> statement-breakpoint
CREATE INDEX `bank_tx_beneficiary_idx` ON `bank_transactions` (`workspace_id`,`beneficiary_user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bank_tx_account_bank_id_unique` ON `bank_transactions` (`account_id`,`bank_id`) WHERE bank_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `banking_grants` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`granted_by` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `banking_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`beneficiaries_see_totals` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
