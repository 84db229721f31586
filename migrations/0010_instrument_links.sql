CREATE TABLE `instrument_links` (
	`document_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`instrument_id` text,
	`confirmed_by` text,
	`confirmed_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instrument_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `instrument_links_ws_idx` ON `instrument_links` (`workspace_id`);