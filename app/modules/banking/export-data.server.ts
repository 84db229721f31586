import { exportTable, type ExportTable } from "~/platform/workspace-rows.server";
import {
  bankAccounts,
  bankImports,
  bankingGrants,
  bankingSettings,
  bankReceipts,
  bankReconciliations,
  bankRules,
  bankTransactions,
  bankTransactionSplits,
} from "./schema";

/** The trust's banking as files of its export (issue 19): accounts, statements imported, transactions, reconciliations. */
export const bankingExport: readonly ExportTable[] = [
  exportTable("banking/accounts.json", bankAccounts, bankAccounts.workspaceId),
  // The commit token only guards a preview against being committed twice; it means nothing outside.
  exportTable("banking/imports.json", bankImports, bankImports.workspaceId, ["commitToken"]),
  exportTable("banking/transactions.json", bankTransactions, bankTransactions.workspaceId),
  exportTable("banking/transaction-splits.json", bankTransactionSplits, bankTransactionSplits.workspaceId),
  exportTable("banking/receipts.json", bankReceipts, bankReceipts.workspaceId),
  exportTable("banking/rules.json", bankRules, bankRules.workspaceId),
  exportTable("banking/reconciliations.json", bankReconciliations, bankReconciliations.workspaceId),
  exportTable("banking/settings.json", bankingSettings, bankingSettings.workspaceId),
  exportTable("banking/grants.json", bankingGrants, bankingGrants.workspaceId),
];
