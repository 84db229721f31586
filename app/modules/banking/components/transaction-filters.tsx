import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import type { AccountSummary } from "../accounts.server";
import { CATEGORY_IDS } from "../categories";
import { TRANSACTION_STATUSES } from "../constants";

interface Filter {
  from?: string;
  to?: string;
  status?: string;
  category?: string;
  party?: string;
  q?: string;
  unaccountedOnly?: boolean;
}

/** The list's filters as a GET form: the address says what is shown, so it can be bookmarked and shared. */
export function TransactionFilters({
  accounts,
  accountId,
  filter,
  members,
}: {
  accounts: AccountSummary[];
  accountId: string | null;
  filter: Filter;
  members: { userId: string; name: string }[];
}) {
  const { t } = useTranslation("banking");
  return (
    <Form
      method="get"
      className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4 sm:grid-cols-3 lg:grid-cols-4"
      aria-label={t("filters.label")}
    >
      <label className="grid gap-1 text-sm">
        {t("filters.account")}
        <NativeSelect name="account" defaultValue={accountId ?? ""}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {t("import.accountOption", { name: a.name, lastFour: a.lastFour })}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="grid gap-1 text-sm">
        {t("filters.search")}
        <Input type="search" name="q" defaultValue={filter.q ?? ""} />
      </label>
      <label className="grid gap-1 text-sm">
        {t("filters.status")}
        <NativeSelect name="status" defaultValue={filter.status ?? ""}>
          <option value="">{t("filters.any")}</option>
          {TRANSACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="grid gap-1 text-sm">
        {t("filters.category")}
        <NativeSelect name="category" defaultValue={filter.category ?? ""}>
          <option value="">{t("filters.any")}</option>
          {CATEGORY_IDS.map((c) => (
            <option key={c} value={c}>
              {t(`category.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </label>
      <label className="grid gap-1 text-sm">
        {t("filters.party")}
        <Input type="search" name="party" list="filter-parties" defaultValue={filter.party ?? ""} />
        <datalist id="filter-parties">
          {members.map((m) => (
            <option key={m.userId} value={m.name} />
          ))}
        </datalist>
      </label>
      <label className="grid gap-1 text-sm">
        {t("filters.from")}
        <Input type="date" name="from" defaultValue={filter.from ?? ""} />
      </label>
      <label className="grid gap-1 text-sm">
        {t("filters.to")}
        <Input type="date" name="to" defaultValue={filter.to ?? ""} />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="unaccounted" value="1" defaultChecked={filter.unaccountedOnly} />
        {t("filters.unaccountedOnly")}
      </label>
      <div className="flex items-end">
        <Button type="submit">{t("filters.apply")}</Button>
      </div>
    </Form>
  );
}
