DROP INDEX `bank_tx_account_posted_idx`;--> statement-breakpoint
CREATE INDEX `bank_tx_account_posted_amount_idx` ON `bank_transactions` (`account_id`,`posted_on`,`created_at`,`amount_minor`);--> statement-breakpoint
CREATE INDEX `bank_tx_account_cleared_idx` ON `bank_transactions` (`account_id`,`cleared`,`posted_on`,`amount_minor`);