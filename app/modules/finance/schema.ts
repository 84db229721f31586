import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { bankAccounts, bankTransactions } from "../banking/schema";
import { polls } from "../polls/schema";
import { workspaces } from "../workspaces/schema";
import { APPROVAL_MODES, ASSET_KINDS, DISTRIBUTION_STATUSES, VALUATION_SOURCES } from "./constants";

/**
 * Something the trust owns or owes. A cash asset follows a bank account (its value is the account's balance,
 * live); every other asset is valued by hand, each valuation kept (Florida §736.08135 asks for carrying and
 * current value, and a beneficiary may ask how a figure moved).
 */
export const financeAssets = sqliteTable(
  "finance_assets",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ASSET_KINDS }).notNull(),
    /** For cash: the banking account whose balance is this asset's value. */
    bankAccountId: text("bank_account_id").references(() => bankAccounts.id, { onDelete: "set null" }),
    description: text("description"),
    currency: text("currency").notNull(),
    acquiredOn: text("acquired_on").notNull(),
    /** Sold, given away or paid off: kept for the accounting of the periods it was held. */
    disposedOn: text("disposed_on"),
    disposalProceedsMinor: integer("disposal_proceeds_minor"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("finance_assets_ws_idx").on(t.workspaceId, t.kind)],
);

/** One valuation of an asset: its carrying value (the books) and current value (the market) on a date. */
export const financeValuations = sqliteTable(
  "finance_valuations",
  {
    id: text("id").primaryKey(),
    assetId: text("asset_id")
      .notNull()
      .references(() => financeAssets.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    valuedOn: text("valued_on").notNull(),
    carryingMinor: integer("carrying_minor").notNull(),
    currentMinor: integer("current_minor").notNull(),
    source: text("source", { enum: VALUATION_SOURCES }).notNull(),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("finance_valuations_asset_idx").on(t.assetId, t.valuedOn), index("finance_valuations_ws_idx").on(t.workspaceId, t.valuedOn)],
);

/**
 * How a category's receipts and disbursements divide between income and principal, where the trustee changed
 * the Uniform Principal and Income Act's default (allocation.ts); absent rows mean the default.
 */
export const financeAllocations = sqliteTable(
  "finance_allocations",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    /** Basis points charged to or credited to income; the rest is principal. */
    incomeShareBp: integer("income_share_bp").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.category] })],
);

/** The clause that authorises a distribution, as it read when the request was made. */
export interface DistributionAuthority {
  documentId: string;
  /** The document version whose analysis the clause was chosen from. */
  versionId: string | null;
  provisionId: string;
  documentTitle: string;
  reference: string | null;
  title: string;
  /** The clause's words, quoted when the request was made. */
  passage: string;
  /** Where those words are in the document's text then, for a link that highlights them (`?passage=start-end`). */
  span?: { start: number; end: number } | null;
}

/** A warning the request raised (the beneficiary's share, an age condition, a spendthrift clause, cash short). */
export interface DistributionWarning {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * A request to pay a beneficiary, from request to payment. The beneficiary is a member of the workspace, or a
 * person the trust instrument names who has no login (a minor grandchild): `beneficiaryName` is always set.
 */
export const financeDistributions = sqliteTable(
  "finance_distributions",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    beneficiaryUserId: text("beneficiary_user_id").references(() => users.id, { onDelete: "set null" }),
    beneficiaryName: text("beneficiary_name").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    purpose: text("purpose").notNull(),
    principalOrIncome: text("principal_or_income", { enum: ["principal", "income"] }).notNull(),
    neededBy: text("needed_by"),
    status: text("status", { enum: DISTRIBUTION_STATUSES }).notNull(),
    approvalMode: text("approval_mode", { enum: APPROVAL_MODES }).notNull(),
    authority: text("authority", { mode: "json" }).$type<DistributionAuthority>().notNull(),
    warnings: text("warnings", { mode: "json" }).$type<DistributionWarning[]>().notNull(),
    /** The poll that decides it (approval mode "poll"); the poll's closing settles the request. */
    pollId: text("poll_id").references(() => polls.id, { onDelete: "set null" }),
    /** The bank transaction that paid it. */
    transactionId: text("transaction_id").references(() => bankTransactions.id, { onDelete: "set null" }),
    paidOn: text("paid_on"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decisionNote: text("decision_note"),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("finance_distributions_ws_idx").on(t.workspaceId, t.createdAt),
    index("finance_distributions_beneficiary_idx").on(t.workspaceId, t.beneficiaryUserId),
    index("finance_distributions_poll_idx").on(t.pollId),
  ],
);

/** Each co-trustee's decision when a request needs all of them. */
export const financeDistributionApprovals = sqliteTable(
  "finance_distribution_approvals",
  {
    distributionId: text("distribution_id")
      .notNull()
      .references(() => financeDistributions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    decision: text("decision", { enum: ["approve", "reject"] }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.distributionId, t.userId] })],
);

/** A fiduciary accounting saved into the documents and sent: the period, the document, and who sent it. */
export const financeAccountings = sqliteTable(
  "finance_accountings",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    periodFrom: text("period_from").notNull(),
    periodTo: text("period_to").notNull(),
    reason: text("reason").notNull(),
    jurisdiction: text("jurisdiction"),
    documentId: text("document_id").notNull(),
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("finance_accountings_ws_idx").on(t.workspaceId, t.periodTo)],
);

/**
 * The delivery record of an accounting to one beneficiary: when it was sent and through which notification (whether
 * she opened it is the documents' own access record). The compliance issue counts this as the accounting duty done.
 */
export const financeAccountingDeliveries = sqliteTable(
  "finance_accounting_deliveries",
  {
    accountingId: text("accounting_id")
      .notNull()
      .references(() => financeAccountings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }).notNull(),
    notificationId: text("notification_id"),
  },
  (t) => [primaryKey({ columns: [t.accountingId, t.userId] }), index("finance_deliveries_user_idx").on(t.workspaceId, t.userId)],
);
