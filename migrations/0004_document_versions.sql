CREATE TABLE `document_version_texts` (
	`version_id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`source` text NOT NULL,
	`content` text NOT NULL,
	`char_count` integer NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `document_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `document_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`number` integer NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text,
	`storage_key` text NOT NULL,
	`note` text,
	`source` text NOT NULL,
	`restored_from` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_versions_document_number_idx` ON `document_versions` (`document_id`,`number`);--> statement-breakpoint
CREATE INDEX `document_versions_ws_created_idx` ON `document_versions` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `documents` ADD `current_version_id` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `current_version_number` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written: every document that exists before versions gets its file as version 1.
INSERT INTO `document_versions` (`id`, `document_id`, `workspace_id`, `number`, `file_name`, `mime_type`, `size_bytes`, `sha256`, `storage_key`, `note`, `source`, `restored_from`, `created_by`, `created_at`)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-a' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
       `id`, `workspace_id`, 1, `file_name`, `mime_type`, `size_bytes`, `sha256`, `storage_key`, NULL, 'upload', NULL, `uploaded_by`, `created_at`
FROM `documents`;--> statement-breakpoint
UPDATE `documents` SET `current_version_id` = (SELECT `v`.`id` FROM `document_versions` `v` WHERE `v`.`document_id` = `documents`.`id` AND `v`.`number` = 1);--> statement-breakpoint
INSERT INTO `document_version_texts` (`version_id`, `document_id`, `workspace_id`, `source`, `content`, `char_count`)
SELECT `v`.`id`, `t`.`document_id`, `t`.`workspace_id`, `t`.`source`, `t`.`content`, `t`.`char_count`
FROM `document_texts` `t` INNER JOIN `documents` `d` ON `d`.`id` = `t`.`document_id` INNER JOIN `document_versions` `v` ON `v`.`id` = `d`.`current_version_id`;
