ALTER TABLE `mail_outbox` ADD `workspace_id` text;--> statement-breakpoint
CREATE INDEX `mail_outbox_ws_created_idx` ON `mail_outbox` (`workspace_id`,`created_at`);