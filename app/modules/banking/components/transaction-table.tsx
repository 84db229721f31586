import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { formatMinor } from "../money";
import type { TransactionView } from "../transactions.server";
import { BulkEditBar } from "./bulk-edit-bar";
import { TransactionEditor, type Member } from "./transaction-editor";

/**
 * The account's transactions. Each row opens its editor in place (Enter or a click); the editor says what
 * the person may change (a lawyer annotates, a beneficiary reads). From the keyboard: ↑ and ↓ (or j and k)
 * move between rows, Enter opens one, x or Space selects it for a bulk edit, Escape closes.
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
  const [selected, setSelected] = useState<string[]>([]);
  const body = useRef<HTMLTableSectionElement>(null);
  if (transactions.length === 0) return <p className="m-0 text-muted-foreground">{t("transactions.empty")}</p>;
  const selectable = canEdit ? transactions.filter((tx) => !tx.locked).map((tx) => tx.id) : [];
  const toggle = (id: string) => setSelected((all) => (all.includes(id) ? all.filter((x) => x !== id) : [...all, id]));

  function onRowKey(event: React.KeyboardEvent<HTMLTableRowElement>, index: number, id: string) {
    if (event.target !== event.currentTarget) return;
    const rows = [...(body.current?.querySelectorAll<HTMLTableRowElement>("tr[data-testid=transaction-row]") ?? [])];
    const move = (to: number) => {
      event.preventDefault();
      rows[Math.max(0, Math.min(rows.length - 1, to))]?.focus();
    };
    if (event.key === "ArrowDown" || event.key === "j") move(index + 1);
    else if (event.key === "ArrowUp" || event.key === "k") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(rows.length - 1);
    else if (event.key === "Enter") {
      event.preventDefault();
      setOpen(open === id ? null : id);
    } else if (event.key === "Escape") setOpen(null);
    else if ((event.key === "x" || event.key === " ") && selectable.includes(id)) {
      event.preventDefault();
      toggle(id);
    }
  }

  return (
    <div className="grid gap-3">
      <p className="m-0 text-xs text-muted-foreground" id="transactions-keys">
        {t(canEdit ? "transactions.keysEdit" : "transactions.keys")}
      </p>
      {selected.length ? <BulkEditBar selected={selected} members={members} onDone={() => setSelected([])} /> : null}
      <div className="overflow-x-auto rounded-lg border border-solid border-border bg-card">
        <table className="w-full border-collapse text-sm" aria-describedby="transactions-keys">
          <caption className="sr-only">{t("transactions.caption")}</caption>
          <thead>
            <tr className="text-left">
              {canEdit ? (
                <th scope="col" className="w-8 p-2">
                  <input
                    type="checkbox"
                    aria-label={t("bulk.selectPage")}
                    checked={selectable.length > 0 && selectable.every((id) => selected.includes(id))}
                    disabled={selectable.length === 0}
                    onChange={(e) => setSelected(e.target.checked ? selectable : [])}
                  />
                </th>
              ) : null}
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
          <tbody ref={body}>
            {transactions.map((tx, index) => (
              <TransactionRow
                key={tx.id}
                tx={tx}
                open={open === tx.id}
                onToggle={() => setOpen(open === tx.id ? null : tx.id)}
                onKeyDown={(e) => onRowKey(e, index, tx.id)}
                selection={canEdit ? { checked: selected.includes(tx.id), disabled: tx.locked, onChange: () => toggle(tx.id) } : null}
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
    </div>
  );
}

function TransactionRow({
  tx,
  open,
  onToggle,
  onKeyDown,
  selection,
  amount,
  editor,
}: {
  tx: TransactionView;
  open: boolean;
  onToggle: () => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLTableRowElement>) => void;
  selection: { checked: boolean; disabled: boolean; onChange: () => void } | null;
  amount: string;
  editor: React.ReactNode;
}) {
  const { t } = useTranslation("banking");
  return (
    <>
      <tr
        className="border-0 border-t border-solid border-border outline-none focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset"
        data-testid="transaction-row"
        data-status={tx.status}
        data-selected={selection?.checked ? "true" : undefined}
        tabIndex={0}
        aria-label={`${tx.postedOn} ${tx.description} ${amount}`}
        onKeyDown={onKeyDown}
      >
        {selection ? (
          <td className="p-2">
            <input
              type="checkbox"
              tabIndex={-1}
              aria-label={t("bulk.selectRow", { description: tx.description })}
              checked={selection.checked}
              disabled={selection.disabled}
              onChange={selection.onChange}
            />
          </td>
        ) : null}
        <td className="whitespace-nowrap p-2 tabular-nums">{tx.postedOn}</td>
        <td className="p-2">
          <Button variant="link" className="h-auto p-0 text-left" aria-expanded={open} onClick={onToggle}>
            {tx.description}
          </Button>
        </td>
        <td className={`whitespace-nowrap p-2 text-right tabular-nums ${tx.amountMinor < 0 ? "" : "text-success"}`}>{amount}</td>
        <td className="p-2">{tx.purpose ?? <span className="text-muted-foreground">{t("transactions.noPurpose")}</span>}</td>
        <td className="p-2">{tx.splits.length ? t("split.label", { count: tx.splits.length }) : tx.category ? t(`category.${tx.category}`) : ""}</td>
        <td className="p-2">
          {t(`status.${tx.status}`)}
          {tx.locked ? <span className="ms-1 text-muted-foreground">({t("transactions.locked")})</span> : null}
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={selection ? 7 : 6} className="bg-muted p-3">
            {editor}
          </td>
        </tr>
      ) : null}
    </>
  );
}
