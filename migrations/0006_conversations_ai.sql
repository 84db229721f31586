CREATE TABLE `ai_usage` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`feature` text NOT NULL,
	`engine` text NOT NULL,
	`calls` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`, `day`, `feature`, `engine`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `channel_members` (
	`channel_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	`last_read_seq` integer DEFAULT 0 NOT NULL,
	`last_visited_at` integer,
	PRIMARY KEY(`channel_id`, `user_id`),
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `channel_members_user_ws_idx` ON `channel_members` (`user_id`,`workspace_id`);--> statement-breakpoint
CREATE TABLE `channels` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`description` text,
	`kind` text NOT NULL,
	`is_default` integer NOT NULL,
	`archived_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`last_message_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_ws_name_idx` ON `channels` (`workspace_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `channels_ws_idx` ON `channels` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `chat_message_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`body` text NOT NULL,
	`change` text NOT NULL,
	`from_topic_id` text,
	`changed_by` text,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_message_revisions_message_idx` ON `chat_message_revisions` (`message_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`topic_id` text NOT NULL,
	`seq` integer NOT NULL,
	`author_id` text,
	`sms_participant_id` text,
	`body` text NOT NULL,
	`mentions` text NOT NULL,
	`created_at` integer NOT NULL,
	`edited_at` integer,
	`deleted_at` integer,
	`deleted_by` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`topic_id`) REFERENCES `chat_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_channel_seq_idx` ON `chat_messages` (`channel_id`,`seq`);--> statement-breakpoint
CREATE INDEX `chat_messages_topic_seq_idx` ON `chat_messages` (`topic_id`,`seq`);--> statement-breakpoint
CREATE INDEX `chat_messages_ws_created_idx` ON `chat_messages` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `chat_topics` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`purpose` text,
	`resolved_at` integer,
	`resolved_by` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`last_activity_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_topics_channel_name_idx` ON `chat_topics` (`channel_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `chat_topics_ws_activity_idx` ON `chat_topics` (`workspace_id`,`last_activity_at`);--> statement-breakpoint
CREATE TABLE `sms_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text,
	`topic_id` text,
	`participant_id` text,
	`chat_message_id` text,
	`direction` text NOT NULL,
	`from_number` text NOT NULL,
	`to_number` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`route` text,
	`provider` text NOT NULL,
	`provider_sid` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`topic_id`) REFERENCES `chat_topics`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`participant_id`) REFERENCES `sms_participants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`chat_message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sms_messages_chat_message_idx` ON `sms_messages` (`chat_message_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sms_messages_provider_sid_idx` ON `sms_messages` (`provider_sid`);--> statement-breakpoint
CREATE INDEX `sms_messages_to_created_idx` ON `sms_messages` (`to_number`,`created_at`);--> statement-breakpoint
CREATE TABLE `sms_opt_outs` (
	`phone` text PRIMARY KEY NOT NULL,
	`opted_out_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sms_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`topic_id` text NOT NULL,
	`phone` text NOT NULL,
	`display_name` text NOT NULL,
	`reply_code` text NOT NULL,
	`added_by` text,
	`created_at` integer NOT NULL,
	`removed_at` integer,
	`last_outbound_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`topic_id`) REFERENCES `chat_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sms_participants_topic_phone_idx` ON `sms_participants` (`topic_id`,`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `sms_participants_phone_code_idx` ON `sms_participants` (`phone`,`reply_code`);--> statement-breakpoint
CREATE INDEX `sms_participants_phone_idx` ON `sms_participants` (`phone`);--> statement-breakpoint
CREATE TABLE `topic_follows` (
	`topic_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`mode` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`topic_id`, `user_id`),
	FOREIGN KEY (`topic_id`) REFERENCES `chat_topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Search in messages (hand-written: drizzle-kit does not model FTS5). External content: the index
-- reads bodies from chat_messages, and the triggers keep it in step with inserts, edits, moves and deletes.
CREATE VIRTUAL TABLE `chat_messages_fts` USING fts5(`body`, `channel_id` UNINDEXED, `workspace_id` UNINDEXED, content = 'chat_messages', content_rowid = 'rowid', tokenize = 'porter unicode61 remove_diacritics 2');--> statement-breakpoint
CREATE TRIGGER `chat_messages_fts_after_insert` AFTER INSERT ON `chat_messages` BEGIN
	INSERT INTO `chat_messages_fts` (`rowid`, `body`, `channel_id`, `workspace_id`) VALUES (NEW.`rowid`, NEW.`body`, NEW.`channel_id`, NEW.`workspace_id`);
END;--> statement-breakpoint
CREATE TRIGGER `chat_messages_fts_after_delete` AFTER DELETE ON `chat_messages` BEGIN
	INSERT INTO `chat_messages_fts` (`chat_messages_fts`, `rowid`, `body`, `channel_id`, `workspace_id`) VALUES ('delete', OLD.`rowid`, OLD.`body`, OLD.`channel_id`, OLD.`workspace_id`);
END;--> statement-breakpoint
CREATE TRIGGER `chat_messages_fts_after_update` AFTER UPDATE OF `body`, `channel_id` ON `chat_messages` BEGIN
	INSERT INTO `chat_messages_fts` (`chat_messages_fts`, `rowid`, `body`, `channel_id`, `workspace_id`) VALUES ('delete', OLD.`rowid`, OLD.`body`, OLD.`channel_id`, OLD.`workspace_id`);
	INSERT INTO `chat_messages_fts` (`rowid`, `body`, `channel_id`, `workspace_id`) VALUES (NEW.`rowid`, NEW.`body`, NEW.`channel_id`, NEW.`workspace_id`);
END;
