import { csvNumber, toCsv, type CsvValue } from "~/platform/csv";
import type { Db } from "~/platform/db.server";
import type { BankingAccess } from "./access.server";
import { minorDigits } from "./money";
import type { TransactionFilter } from "./transaction-query";
import { listTransactions } from "./transactions.server";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Rows the export reads at most (pages of 500). */
const EXPORT_LIMIT = 50_000;

/**
 * The transactions the list shows for these filters, every page of them, as CSV in the person's language. The
 * bank's words are text from outside: platform/csv.ts neutralises them (and every other text cell); amounts stay numbers.
 */
export async function transactionsCsv(db: Db, access: BankingAccess, accountId: string, filter: TransactionFilter, t: Translate) {
  const rows: CsvValue[][] = [
    [
      t("export.date"),
      t("export.description"),
      t("export.amount"),
      t("export.currency"),
      t("export.purpose"),
      t("export.party"),
      t("export.category"),
      t("export.side"),
      t("export.status"),
      t("export.notes"),
      t("export.bankId"),
    ],
  ];
  let account = null;
  for (let page = 1; (page - 1) * 500 < EXPORT_LIMIT; page++) {
    const result = await listTransactions(db, access, accountId, { ...filter, limit: 500, page }, { withBalance: false });
    account = result.account;
    for (const tx of result.transactions) {
      const digits = minorDigits(tx.currency);
      rows.push([
        tx.postedOn,
        tx.description,
        csvNumber((tx.amountMinor / 10 ** digits).toFixed(digits)),
        tx.currency,
        tx.purpose,
        tx.responsibleParty?.name,
        tx.category ? t(`category.${tx.category}`) : "",
        tx.principalOrIncome ? t(`side.${tx.principalOrIncome}`) : "",
        t(`status.${tx.status}`),
        tx.notes,
        tx.bankId,
      ]);
    }
    if (!result.more) break;
  }
  const name =
    (account?.name ?? "transactions")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "transactions";
  return { body: toCsv(rows), fileName: `${name}-transactions.csv` };
}
