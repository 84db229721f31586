import { useRevalidator } from "@remix-run/react";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { toast } from "~/components/ui/use-toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useLanguage } from "~/modules/preferences/display";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { CATEGORY_IDS, defaultSide, isCategory } from "../categories";
import { MAX_SPLIT_PARTS, PRINCIPAL_OR_INCOME } from "../constants";
import { formatMinor, minorDigits, parseAmountInput } from "../money";
import type { SplitView } from "../split-parts.server";
import type { TransactionView } from "../transactions.server";
import type { Member } from "./transaction-editor";

interface PartDraft {
  key: string;
  amount: string;
  category: string;
  side: string;
  beneficiary: string;
  note: string;
}

const typed = (minor: number, currency: string) => (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));

function draftOf(part: Partial<SplitView>, currency: string): PartDraft {
  return {
    key: crypto.randomUUID(),
    amount: part.amountMinor !== undefined ? typed(part.amountMinor, currency) : "",
    category: part.category ?? "",
    side: part.principalOrIncome ?? "",
    beneficiary: part.beneficiaryUserId ?? "",
    note: part.note ?? "",
  };
}

/**
 * Divides one transaction across categories or beneficiaries. The remainder is shown as the person types
 * (read out to screen readers) and saving waits until it is exactly zero: the server checks it again.
 */
export function SplitEditor({ tx, members }: { tx: TransactionView; members: Member[] }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const revalidator = useRevalidator();
  const [parts, setParts] = useState<PartDraft[]>(() =>
    tx.splits.length
      ? tx.splits.map((p) => draftOf(p, tx.currency))
      : [draftOf({ amountMinor: tx.amountMinor, category: tx.category ?? undefined }, tx.currency), draftOf({}, tx.currency)],
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const amounts = parts.map((p) => parseAmountInput(p.amount, tx.currency));
  const allRead = amounts.every((a): a is number => a !== null && a !== 0);
  const remaining = tx.amountMinor - amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0);
  const complete = allRead && remaining === 0 && parts.every((p) => isCategory(p.category));
  const beneficiaries = members.filter((m) => m.role === "beneficiary");

  function change(index: number, patch: Partial<PartDraft>) {
    setParts((all) => all.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  }

  async function send(body: { parts: unknown[] }, done: string) {
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`/api/banking/transactions/${tx.id}/splits`, { method: "PUT", body });
      toast({ title: done });
      revalidator.revalidate();
    } catch (e) {
      setError(refusalSentence(e, t("transactions.saveFailed")));
    } finally {
      setSaving(false);
    }
  }

  function save() {
    const body = {
      parts: parts.map((p, i) => ({
        amountMinor: amounts[i] ?? 0,
        category: p.category,
        ...(p.side === "principal" || p.side === "income" ? { principalOrIncome: p.side } : {}),
        beneficiaryUserId: p.beneficiary || null,
        note: p.note.trim() || null,
      })),
    };
    void send(body, t("split.saved"));
  }

  const id = (index: number, field: string) => `split-${tx.id}-${index}-${field}`;
  return (
    <fieldset
      className="m-0 grid min-w-0 gap-3 border-0 p-0"
      // Inside the transaction's form: Enter here saves the split, not the purpose.
      onKeyDown={(e) => {
        if (e.key !== "Enter" || !(e.target instanceof HTMLInputElement)) return;
        e.preventDefault();
        if (complete && !saving) save();
      }}
    >
      <legend className="mb-1 p-0 font-medium">{t("split.heading", { amount: formatMinor(tx.amountMinor, tx.currency, language) })}</legend>
      {error ? <Banner kind="error">{error}</Banner> : null}
      <ol className="m-0 grid list-none gap-3 p-0">
        {parts.map((part, index) => (
          <li
            key={part.key}
            className="grid gap-2 rounded-md border border-solid border-border p-2 sm:grid-cols-[8rem_1fr_8rem_1fr_auto]"
            data-testid="split-part"
          >
            <label className="grid gap-1 text-sm" htmlFor={id(index, "amount")}>
              {t("split.amount")}
              <Input
                id={id(index, "amount")}
                inputMode="decimal"
                value={part.amount}
                aria-invalid={part.amount !== "" && amounts[index] === null}
                onChange={(e) => change(index, { amount: e.target.value })}
              />
            </label>
            <label className="grid gap-1 text-sm" htmlFor={id(index, "category")}>
              {t("transactions.category")}
              <NativeSelect
                id={id(index, "category")}
                value={part.category}
                onChange={(e) => change(index, { category: e.target.value, side: isCategory(e.target.value) ? defaultSide(e.target.value) : "" })}
              >
                <option value="">{t("transactions.noCategory")}</option>
                {CATEGORY_IDS.map((c) => (
                  <option key={c} value={c}>
                    {t(`category.${c}`)}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <label className="grid gap-1 text-sm" htmlFor={id(index, "side")}>
              {t("transactions.side")}
              <NativeSelect id={id(index, "side")} value={part.side} onChange={(e) => change(index, { side: e.target.value })}>
                <option value="">—</option>
                {PRINCIPAL_OR_INCOME.map((s) => (
                  <option key={s} value={s}>
                    {t(`side.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <label className="grid gap-1 text-sm" htmlFor={id(index, "beneficiary")}>
              {t("transactions.beneficiary")}
              <NativeSelect id={id(index, "beneficiary")} value={part.beneficiary} onChange={(e) => change(index, { beneficiary: e.target.value })}>
                <option value="">{t("split.wholeTrust")}</option>
                {beneficiaries.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <div className="flex items-end">
              <Button
                type="button"
                variant="outline"
                aria-label={t("split.removePart", { number: index + 1 })}
                disabled={parts.length <= 2}
                onClick={() => setParts((all) => all.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
            <label className="grid gap-1 text-sm sm:col-span-5" htmlFor={id(index, "note")}>
              {t("split.note")}
              <Input id={id(index, "note")} value={part.note} maxLength={500} onChange={(e) => change(index, { note: e.target.value })} />
            </label>
          </li>
        ))}
      </ol>
      <p className={`m-0 text-sm ${remaining === 0 ? "text-success" : "text-destructive"}`} aria-live="polite" data-testid="split-remaining">
        {remaining === 0 ? t("split.balanced") : t("split.remaining", { amount: formatMinor(remaining, tx.currency, language) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={parts.length >= MAX_SPLIT_PARTS}
          onClick={() =>
            setParts((all) => [...all, draftOf({ amountMinor: remaining !== 0 && allRead ? remaining : undefined }, tx.currency)].slice(0, MAX_SPLIT_PARTS))
          }
        >
          <Plus aria-hidden className="size-4" /> {t("split.addPart")}
        </Button>
        <Button type="button" disabled={!complete || saving} onClick={save}>
          {saving ? t("transactions.saving") : t("split.save")}
        </Button>
        {tx.splits.length ? (
          <Button type="button" variant="outline" disabled={saving} onClick={() => void send({ parts: [] }, t("split.removed"))}>
            {t("split.undo")}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The parts as a list, for those who read (a beneficiary sees only hers). */
export function SplitList({ tx, members }: { tx: TransactionView; members: Member[] }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  if (!tx.splits.length) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p className="m-0 font-medium">{t("split.parts")}</p>
      <ul className="m-0 grid list-none gap-1 p-0">
        {tx.splits.map((p, i) => (
          <li key={i}>
            <span className="tabular-nums">{formatMinor(p.amountMinor, tx.currency, language)}</span> · {t(`category.${p.category}`)} ·{" "}
            {t(`side.${p.principalOrIncome}`)}
            {p.beneficiaryUserId ? ` · ${members.find((m) => m.userId === p.beneficiaryUserId)?.name ?? ""}` : ""}
            {p.note ? ` — ${p.note}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}
