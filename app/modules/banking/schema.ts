import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

import { ACCOUNT_TYPES, PRINCIPAL_OR_INCOME, TRANSACTION_STATUSES } from "./constants";

export { ACCOUNT_TYPES, PRINCIPAL_OR_INCOME, TRANSACTION_STATUSES };
export type { AccountType, PrincipalOrIncome, TransactionStatus } from "./constants";

/**
 * A bank account of the trust. Only the last four digits of its number are kept: the whole number is
 * never needed to reconcile, and what is not stored cannot leak. Money is in integer minor units.
 */
export const bankAccounts = sqliteTable(
  "bank_accounts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    institution: text("institution").notNull(),
    lastFour: text("last_four").notNull(),
    type: text("type", { enum: ACCOUNT_TYPES }).notNull(),
    currency: text("currency").notNull(),
    openingBalanceMinor: integer("opening_balance_minor").notNull(),
    openingOn: text("opening_on").notNull(),
    /** The CSV column mapping the person confirmed on the first import (statements/types.ts CsvMapping). */
    csvMapping: text("csv_mapping", { mode: "json" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("bank_accounts_ws_idx").on(t.workspaceId)],
);

/**
 * One statement file on its way in: parsed into a preview (kept in R2, it can be 10,000 rows), then
 * committed in one D1 batch or discarded.
 */
export const bankImports = sqliteTable(
  "bank_imports",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => bankAccounts.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: ["ofx", "camt053", "csv"] }).notNull(),
    status: text("status", { enum: ["preview", "committed"] }).notNull(),
    rowCount: integer("row_count").notNull(),
    ledgerBalanceMinor: integer("ledger_balance_minor"),
    ledgerBalanceOn: text("ledger_balance_on"),
    imported: integer("imported"),
    skipped: integer("skipped"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    committedAt: integer("committed_at", { mode: "timestamp_ms" }),
    /** Set by the commit that claimed the import, in the same batch as its rows (imports.server.ts). */
    commitToken: text("commit_token"),
  },
  (t) => [index("bank_imports_account_idx").on(t.accountId, t.createdAt)],
);

/** A transaction of a trust account, from a statement or entered by hand (then outstanding until it clears). */
export const bankTransactions = sqliteTable(
  "bank_transactions",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => bankAccounts.id, { onDelete: "cascade" }),
    importId: text("import_id").references(() => bankImports.id, { onDelete: "set null" }),
    postedOn: text("posted_on").notNull(),
    description: text("description").notNull(),
    payee: text("payee"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** The bank's own id (OFX FITID, CAMT AcctSvcrRef, a CSV reference column): the first duplicate test. */
    bankId: text("bank_id"),
    checkNumber: text("check_number"),
    /** The other account's last four, when the statement names it (a transfer's BANKACCTTO, a CAMT counterparty IBAN). */
    counterpartyLastFour: text("counterparty_last_four"),
    purpose: text("purpose"),
    responsibleUserId: text("responsible_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A member's name at the time, or an outside party's (a vendor, the tax office). */
    responsibleName: text("responsible_name"),
    notes: text("notes"),
    category: text("category"),
    principalOrIncome: text("principal_or_income", { enum: PRINCIPAL_OR_INCOME }),
    /** The beneficiary whose sub-ledger the transaction belongs to (unsplit; splits carry their own). */
    beneficiaryUserId: text("beneficiary_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    /** Seen on a bank statement; entries made by hand clear when the person ticks them. */
    cleared: integer("cleared", { mode: "boolean" }).notNull(),
    reconciliationId: text("reconciliation_id"),
    /** The rule that last filled fields in, so a person can see why a field says what it says. */
    ruleId: text("rule_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // The list's order (newest first) read straight from the index, a page at a time; with the amount, the
    // ledger's balance on a date is summed from the index alone (50,000 rows: 20 ms → 3 ms).
    index("bank_tx_account_posted_amount_idx").on(t.accountId, t.postedOn, t.createdAt, t.amountMinor),
    // What the bank has cleared up to a statement's end, and the items it has not, from the index alone.
    index("bank_tx_account_cleared_idx").on(t.accountId, t.cleared, t.postedOn, t.amountMinor),
    // Balances and counts per account and status from the index alone (50,000 rows, no table reads).
    index("bank_tx_account_status_amount_idx").on(t.accountId, t.status, t.amountMinor),
    index("bank_tx_ws_status_idx").on(t.workspaceId, t.status),
    index("bank_tx_beneficiary_idx").on(t.workspaceId, t.beneficiaryUserId),
    uniqueIndex("bank_tx_account_bank_id_unique")
      .on(t.accountId, t.bankId)
      .where(sql`bank_id IS NOT NULL`),
  ],
);

/** One part of a split transaction: its parts sum exactly to the transaction's amount. */
export const bankTransactionSplits = sqliteTable(
  "bank_transaction_splits",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => bankTransactions.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    position: integer("position").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    category: text("category").notNull(),
    principalOrIncome: text("principal_or_income", { enum: PRINCIPAL_OR_INCOME }).notNull(),
    /** The beneficiary whose sub-ledger this part belongs to (distributions, or income credited to them). */
    beneficiaryUserId: text("beneficiary_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
  },
  (t) => [index("bank_splits_tx_idx").on(t.transactionId), index("bank_splits_beneficiary_idx").on(t.workspaceId, t.beneficiaryUserId)],
);

/** A receipt or invoice kept with a transaction (the file is in R2 under the workspace). */
export const bankReceipts = sqliteTable(
  "bank_receipts",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => bankTransactions.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("bank_receipts_tx_idx").on(t.transactionId)],
);

/** A rule that fills in imported transactions, applied in `position` order (rules.ts). */
export const bankRules = sqliteTable(
  "bank_rules",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    conditions: text("conditions", { mode: "json" }).notNull(),
    actions: text("actions", { mode: "json" }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("bank_rules_ws_idx").on(t.workspaceId, t.position)],
);

/** A statement reconciliation: the bank's closing balance met by the cleared transactions, then locked. */
export const bankReconciliations = sqliteTable(
  "bank_reconciliations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => bankAccounts.id, { onDelete: "cascade" }),
    statementEndOn: text("statement_end_on").notNull(),
    closingBalanceMinor: integer("closing_balance_minor").notNull(),
    status: text("status", { enum: ["open", "locked", "unlocked"] }).notNull(),
    /** What the lock saw (balances, items, who): the kept report. */
    report: text("report", { mode: "json" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lockedAt: integer("locked_at", { mode: "timestamp_ms" }),
    lockedBy: text("locked_by").references(() => users.id, { onDelete: "set null" }),
    unlockedAt: integer("unlocked_at", { mode: "timestamp_ms" }),
    unlockedBy: text("unlocked_by").references(() => users.id, { onDelete: "set null" }),
    unlockReason: text("unlock_reason"),
    /** The three-way figures as they were when a trustee signed them off (three-way.ts ThreeWayFigures). */
    threeWay: text("three_way", { mode: "json" }),
    signedOffAt: integer("signed_off_at", { mode: "timestamp_ms" }),
    signedOffBy: text("signed_off_by").references(() => users.id, { onDelete: "set null" }),
    signOffNote: text("sign_off_note"),
  },
  (t) => [index("bank_reconciliations_account_idx").on(t.accountId, t.statementEndOn)],
);

/** What the owner lets beneficiaries see beyond their own sub-ledger. */
export const bankingSettings = sqliteTable("banking_settings", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  beneficiariesSeeTotals: integer("beneficiaries_see_totals", { mode: "boolean" }).notNull(),
});

/** Family members and viewers see nothing of banking unless an owner or trustee grants it (read only). */
export const bankingGrants = sqliteTable(
  "banking_grants",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);
