import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { CATEGORY_IDS, defaultSide, isCategory, namesBeneficiary } from "../categories";
import { PRINCIPAL_OR_INCOME } from "../constants";
import type { TransactionView } from "../transactions.server";
import { CreateRuleButton } from "./create-rule-button";
import { ReceiptList } from "./receipt-list";
import { SplitEditor, SplitList } from "./split-editor";

export interface Member {
  userId: string;
  name: string;
  role: string;
}

/** Accounts for one transaction: purpose, who is responsible, notes, category and side, the beneficiary. */
export function TransactionEditor({
  tx,
  members,
  canEdit,
  canAnnotate,
  onDone,
}: {
  tx: TransactionView;
  members: Member[];
  canEdit: boolean;
  canAnnotate: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation("banking");
  const revalidator = useRevalidator();
  const [purpose, setPurpose] = useState(tx.purpose ?? "");
  const [party, setParty] = useState(tx.responsibleParty?.userId ?? tx.responsibleParty?.name ?? "");
  const [notes, setNotes] = useState(tx.notes ?? "");
  const [category, setCategory] = useState(tx.category ?? "");
  const [side, setSide] = useState(tx.principalOrIncome ?? "");
  const [beneficiary, setBeneficiary] = useState(tx.beneficiaryUserId ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [splitting, setSplitting] = useState(tx.splits.length > 0);
  const memberIds = new Set(members.map((m) => m.userId));
  const id = (field: string) => `tx-${tx.id}-${field}`;

  if (!canEdit && !canAnnotate) {
    return (
      <dl className="m-0 grid gap-1 sm:grid-cols-2">
        <dt className="font-medium">{t("transactions.party")}</dt>
        <dd className="m-0">{tx.responsibleParty?.name ?? "—"}</dd>
        <dt className="font-medium">{t("transactions.notes")}</dt>
        <dd className="m-0 whitespace-pre-wrap">{tx.notes ?? "—"}</dd>
        {tx.locked ? <dd className="m-0 text-muted-foreground sm:col-span-2">{t("transactions.lockedHelp")}</dd> : null}
        <dd className="m-0 sm:col-span-2">
          <SplitList tx={tx} members={members} />
        </dd>
        <dd className="m-0 sm:col-span-2">
          <ReceiptList tx={tx} canAttach={false} />
        </dd>
      </dl>
    );
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const body = canEdit
      ? {
          purpose: purpose.trim() || null,
          responsibleParty: party.trim() || null,
          notes: notes.trim() || null,
          category: category || null,
          principalOrIncome: side === "principal" || side === "income" ? side : null,
          beneficiaryUserId: namesBeneficiary(isCategory(category) ? category : null) && beneficiary ? beneficiary : null,
        }
      : { notes: notes.trim() || null };
    try {
      await apiFetch(`/api/banking/transactions/${tx.id}`, { method: "PATCH", body });
      revalidator.revalidate();
      onDone();
    } catch (e) {
      setError(refusalSentence(e, t("transactions.saveFailed")));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} className="grid gap-3 sm:grid-cols-2" aria-label={t("transactions.editLabel", { description: tx.description })}>
      {error ? (
        <div className="sm:col-span-2">
          <Banner kind="error">{error}</Banner>
        </div>
      ) : null}
      {canEdit ? (
        <>
          <label className="grid gap-1 text-sm sm:col-span-2" htmlFor={id("purpose")}>
            {t("transactions.purpose")}
            <Input id={id("purpose")} value={purpose} onChange={(e) => setPurpose(e.target.value)} maxLength={500} autoFocus />
          </label>
          <label className="grid gap-1 text-sm" htmlFor={id("party")}>
            {t("transactions.party")}
            <Input
              id={id("party")}
              list={id("members")}
              value={memberIds.has(party) ? (members.find((m) => m.userId === party)?.name ?? party) : party}
              onChange={(e) => {
                const match = members.find((m) => m.name === e.target.value);
                setParty(match ? match.userId : e.target.value);
              }}
              maxLength={200}
            />
            <datalist id={id("members")}>
              {members.map((m) => (
                <option key={m.userId} value={m.name} />
              ))}
            </datalist>
          </label>
          <label className="grid gap-1 text-sm" htmlFor={id("category")}>
            {t("transactions.category")}
            <NativeSelect
              id={id("category")}
              value={category}
              onChange={(e) => {
                setCategory(e.target.value);
                if (isCategory(e.target.value)) setSide(defaultSide(e.target.value));
              }}
            >
              <option value="">{t("transactions.noCategory")}</option>
              {CATEGORY_IDS.map((c) => (
                <option key={c} value={c}>
                  {t(`category.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </label>
          <label className="grid gap-1 text-sm" htmlFor={id("side")}>
            {t("transactions.side")}
            <NativeSelect id={id("side")} value={side} onChange={(e) => setSide(e.target.value)}>
              <option value="">—</option>
              {PRINCIPAL_OR_INCOME.map((s) => (
                <option key={s} value={s}>
                  {t(`side.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </label>
          {namesBeneficiary(isCategory(category) ? category : null) ? (
            <label className="grid gap-1 text-sm" htmlFor={id("beneficiary")}>
              {t("transactions.beneficiary")}
              <NativeSelect id={id("beneficiary")} value={beneficiary} onChange={(e) => setBeneficiary(e.target.value)}>
                <option value="">—</option>
                {members
                  .filter((m) => m.role === "beneficiary")
                  .map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.name}
                    </option>
                  ))}
              </NativeSelect>
            </label>
          ) : null}
        </>
      ) : null}
      <label className="grid gap-1 text-sm sm:col-span-2" htmlFor={id("notes")}>
        {t("transactions.notes")}
        <textarea
          id={id("notes")}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={4000}
          rows={3}
          className="rounded-md border border-solid border-input bg-card p-2 text-sm text-foreground"
        />
      </label>
      <CreateRuleButton tx={tx} members={members} canEdit={canEdit} />
      <div className="sm:col-span-2">
        <ReceiptList tx={tx} canAttach={canEdit} />
      </div>
      <div className="sm:col-span-2">
        {canEdit ? (
          <details open={splitting} onToggle={(e) => setSplitting(e.currentTarget.open)}>
            <summary className="cursor-pointer text-sm font-medium">{t(tx.splits.length ? "split.edit" : "split.open")}</summary>
            {/* Only while open: a closed split's fields would otherwise stand beside the transaction's own. */}
            {splitting ? (
              <div className="mt-2">
                <SplitEditor tx={tx} members={members} />
              </div>
            ) : null}
          </details>
        ) : (
          <SplitList tx={tx} members={members} />
        )}
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={saving}>
          {saving ? t("transactions.saving") : t("transactions.save")}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("transactions.cancel")}
        </Button>
      </div>
    </form>
  );
}
