import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { toast } from "~/components/ui/use-toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { CATEGORY_IDS } from "../categories";
import { PRINCIPAL_OR_INCOME } from "../constants";
import type { Member } from "./transaction-editor";

/**
 * One change for every selected transaction: only the fields the person fills in are sent, so the rest of
 * each row stays as it was. Locked rows are left alone and counted in the answer.
 */
export function BulkEditBar({ selected, members, onDone }: { selected: string[]; members: Member[]; onDone: () => void }) {
  const { t } = useTranslation("banking");
  const revalidator = useRevalidator();
  const [purpose, setPurpose] = useState("");
  const [party, setParty] = useState("");
  const [category, setCategory] = useState("");
  const [side, setSide] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changes = {
    ...(purpose.trim() ? { purpose: purpose.trim() } : {}),
    ...(party.trim() ? { responsibleParty: members.find((m) => m.name === party.trim())?.userId ?? party.trim() } : {}),
    ...(category ? { category } : {}),
    ...(side ? { principalOrIncome: side } : {}),
  };

  async function apply(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const result = await apiFetch<{ updated: number; locked: string[]; notFound: string[] }>("/api/banking/transactions", {
        method: "PATCH",
        body: { ids: selected, changes },
      });
      toast({
        title: t("bulk.done", { count: result.updated }),
        ...(result.locked.length ? { description: t("bulk.lockedSkipped", { count: result.locked.length }) } : {}),
      });
      revalidator.revalidate();
      onDone();
    } catch (e) {
      setError(refusalSentence(e, t("transactions.saveFailed")));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void apply(e)}
      className="grid gap-2 rounded-lg border border-solid border-primary bg-card p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      aria-label={t("bulk.label", { count: selected.length })}
      data-testid="bulk-edit"
    >
      <p className="m-0 text-sm font-medium sm:col-span-2 lg:col-span-5" aria-live="polite">
        {t("bulk.selected", { count: selected.length })}
      </p>
      {error ? (
        <div className="sm:col-span-2 lg:col-span-5">
          <Banner kind="error">{error}</Banner>
        </div>
      ) : null}
      <label className="grid gap-1 text-sm" htmlFor="bulk-purpose">
        {t("transactions.purpose")}
        <Input id="bulk-purpose" value={purpose} maxLength={500} placeholder={t("bulk.unchanged")} onChange={(e) => setPurpose(e.target.value)} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor="bulk-party">
        {t("transactions.party")}
        <Input id="bulk-party" list="bulk-members" value={party} maxLength={200} placeholder={t("bulk.unchanged")} onChange={(e) => setParty(e.target.value)} />
        <datalist id="bulk-members">
          {members.map((m) => (
            <option key={m.userId} value={m.name} />
          ))}
        </datalist>
      </label>
      <label className="grid gap-1 text-sm" htmlFor="bulk-category">
        {t("transactions.category")}
        <NativeSelect id="bulk-category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">{t("bulk.unchanged")}</option>
          {CATEGORY_IDS.map((c) => (
            <option key={c} value={c}>
              {t(`category.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="grid gap-1 text-sm" htmlFor="bulk-side">
        {t("transactions.side")}
        <NativeSelect id="bulk-side" value={side} onChange={(e) => setSide(e.target.value)}>
          <option value="">{t("bulk.unchanged")}</option>
          {PRINCIPAL_OR_INCOME.map((s) => (
            <option key={s} value={s}>
              {t(`side.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </label>
      <div className="flex items-end gap-2">
        <Button type="submit" disabled={saving || Object.keys(changes).length === 0}>
          {saving ? t("transactions.saving") : t("bulk.apply", { count: selected.length })}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("bulk.clear")}
        </Button>
      </div>
    </form>
  );
}
