import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { formatMinor } from "../money";
import type { TransactionView } from "../transactions.server";
import { TransactionEditor, type Member } from "./transaction-editor";

/**
 * The account's transactions. Each row opens its editor in place (Enter or a click); the editor says what
 * the person may change (a lawyer annotates, a beneficiary reads).
 */
export function TransactionTable({
  transactions,
  members,
  canEdit,
  canAnnotate,
}: {
  transactions: TransactionView[];
  members: Member[];
  canEdit: boolean;
  canAnnotate: boolean;
}) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const [open, setOpen] = useState<string | null>(null);
  if (transactions.length === 0) return <p className="m-0 text-muted-foreground">{t("transactions.empty")}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-solid border-border bg-card">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t("transactions.caption")}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="p-2">
              {t("import.colDate")}
            </th>
            <th scope="col" className="p-2">
              {t("import.colDescription")}
            </th>
            <th scope="col" className="p-2 text-right">
              {t("import.colAmount")}
            </th>
            <th scope="col" className="p-2">
              {t("transactions.purpose")}
            </th>
            <th scope="col" className="p-2">
              {t("transactions.category")}
            </th>
            <th scope="col" className="p-2">
              {t("transactions.status")}
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((tx) => (
            <TransactionRow
              key={tx.id}
              tx={tx}
              open={open === tx.id}
              onToggle={() => setOpen(open === tx.id ? null : tx.id)}
              amount={formatMinor(tx.amountMinor, tx.currency, language)}
              editor={
                <TransactionEditor
                  tx={tx}
                  members={members}
                  canEdit={canEdit && !tx.locked}
                  canAnnotate={canAnnotate && !tx.locked}
                  onDone={() => setOpen(null)}
                />
              }
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TransactionRow({
  tx,
  open,
  onToggle,
  amount,
  editor,
}: {
  tx: TransactionView;
  open: boolean;
  onToggle: () => void;
  amount: string;
  editor: React.ReactNode;
}) {
  const { t } = useTranslation("banking");
  return (
    <>
      <tr className="border-0 border-t border-solid border-border" data-testid="transaction-row" data-status={tx.status}>
        <td className="whitespace-nowrap p-2 tabular-nums">{tx.postedOn}</td>
        <td className="p-2">
          <Button variant="link" className="h-auto p-0 text-left" aria-expanded={open} onClick={onToggle}>
            {tx.description}
          </Button>
        </td>
        <td className={`whitespace-nowrap p-2 text-right tabular-nums ${tx.amountMinor < 0 ? "" : "text-success"}`}>{amount}</td>
        <td className="p-2">{tx.purpose ?? <span className="text-muted-foreground">{t("transactions.noPurpose")}</span>}</td>
        <td className="p-2">{tx.category ? t(`category.${tx.category}`) : ""}</td>
        <td className="p-2">
          {t(`status.${tx.status}`)}
          {tx.locked ? <span className="ms-1 text-muted-foreground">({t("transactions.locked")})</span> : null}
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={6} className="bg-muted p-3">
            {editor}
          </td>
        </tr>
      ) : null}
    </>
  );
}
