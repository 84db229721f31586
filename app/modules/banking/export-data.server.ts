import { and, asc, count, eq, gt, sum } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import {
  exportFileName,
  exportTable,
  type ExportContribution,
  type ExportFileSource,
  type ExportStoredFile,
  type ExportTable,
} from "~/platform/workspace-rows.server";
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
const bankingTables: readonly ExportTable[] = [
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

const PAGE = 200;

/** The receipts and invoices themselves, as uploaded: `banking/receipts/<id>-<file name>`, named in receipts.json. */
const receiptFiles: ExportFileSource = {
  async total(db, workspaceId) {
    const row = await db
      .select({ n: count(), bytes: sum(bankReceipts.sizeBytes) })
      .from(bankReceipts)
      .where(eq(bankReceipts.workspaceId, workspaceId))
      .get();
    return { count: row?.n ?? 0, bytes: Number(row?.bytes ?? 0) };
  },
  list: receiptsOf,
};

async function* receiptsOf(db: Db, workspaceId: string): AsyncGenerator<ExportStoredFile> {
  for (let after = ""; ;) {
    const page = await db
      .select({ id: bankReceipts.id, fileName: bankReceipts.fileName, storageKey: bankReceipts.storageKey, createdAt: bankReceipts.createdAt })
      .from(bankReceipts)
      .where(and(eq(bankReceipts.workspaceId, workspaceId), gt(bankReceipts.id, after)))
      .orderBy(asc(bankReceipts.id))
      .limit(PAGE)
      .all();
    for (const receipt of page) yield { path: receiptPath(receipt), storageKey: receipt.storageKey, createdAt: receipt.createdAt };
    if (page.length < PAGE) return;
    after = page.at(-1)!.id;
  }
}

export const receiptPath = (receipt: { id: string; fileName: string }) => `banking/receipts/${receipt.id}-${exportFileName(receipt.fileName)}`;

export const bankingExport: ExportContribution = { tables: bankingTables, files: receiptFiles };
