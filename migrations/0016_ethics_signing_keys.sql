CREATE TABLE `audit_signing_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_signing_keys_active_idx` ON `audit_signing_keys` (`active`) WHERE "audit_signing_keys"."active" = 1;--> statement-breakpoint
CREATE TABLE `conflict_attestations` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`trustee_user_id` text NOT NULL,
	`statement` text NOT NULL,
	`party_count` integer NOT NULL,
	`note` text,
	`attested_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trustee_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conflict_attestations_ws_idx` ON `conflict_attestations` (`workspace_id`,`trustee_user_id`,`attested_at`);--> statement-breakpoint
CREATE TABLE `ethics_flag_reviews` (
	`workspace_id` text NOT NULL,
	`flag_key` text NOT NULL,
	`resolution` text NOT NULL,
	`reason` text NOT NULL,
	`evidence_document_id` text,
	`resolved_by` text,
	`resolved_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `flag_key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`evidence_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `related_parties` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`trustee_user_id` text NOT NULL,
	`name` text NOT NULL,
	`relation` text NOT NULL,
	`aliases` text NOT NULL,
	`account_last_four` text,
	`basis_kind` text,
	`basis_document_id` text,
	`basis_note` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trustee_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`basis_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `related_parties_ws_idx` ON `related_parties` (`workspace_id`,`trustee_user_id`);--> statement-breakpoint
CREATE TABLE `trustee_disclosures` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`aliases` text NOT NULL,
	`own_account_last_fours` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
