CREATE TABLE `document_access` (
	`user_id` text NOT NULL,
	`document_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`last_accessed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `document_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `document_access_user_ws_idx` ON `document_access` (`user_id`,`workspace_id`,`last_accessed_at`);--> statement-breakpoint
CREATE TABLE `document_analyses` (
	`document_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`engine` text NOT NULL,
	`model` text,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `document_texts` (
	`document_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`source` text NOT NULL,
	`content` text NOT NULL,
	`char_count` integer NOT NULL,
	`extracted_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `documents` ADD `sha256` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `error_reason` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `analysis_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `documents` ADD `search_rowid` integer;--> statement-breakpoint
CREATE INDEX `documents_ws_status_idx` ON `documents` (`workspace_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_search_rowid_idx` ON `documents` (`search_rowid`);--> statement-breakpoint-- Full-text search over titles and extracted text (hand-written: drizzle-kit does not model FTS5).
-- One row per document, its rowid kept in documents.search_rowid, written when text is extracted or
-- a title changes. `scope` holds the indexed token "w<workspace hex>", so that a search is confined
-- to its workspace inside the index.
CREATE VIRTUAL TABLE `documents_fts` USING fts5(`document_id` UNINDEXED, `workspace_id` UNINDEXED, `scope`, `title`, `body`, tokenize = 'porter unicode61 remove_diacritics 2');--> statement-breakpoint
CREATE TRIGGER `documents_fts_after_delete` AFTER DELETE ON `documents` WHEN OLD.`search_rowid` IS NOT NULL BEGIN
	DELETE FROM `documents_fts` WHERE `rowid` = OLD.`search_rowid`;
END;
