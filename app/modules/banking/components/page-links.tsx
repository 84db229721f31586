import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The CSV of exactly what the filters show (every page of it). */
export function ExportLink({ accountId }: { accountId: string }) {
  const { t } = useTranslation("banking");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("account");
  params.delete("page");
  params.set("format", "csv");
  return (
    <a href={`/api/banking/accounts/${accountId}/transactions?${params}`} download className="text-sm">
      {t("transactions.export")}
    </a>
  );
}

/** Newer and older pages of the list, keeping the filters in the address. */
export function PageLinks({ page, more }: { page: number; more: boolean }) {
  const { t } = useTranslation("banking");
  const location = useLocation();
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  if (page === 1 && !more) return null;
  return (
    <nav aria-label={t("transactions.pages")} className="flex flex-wrap items-center gap-4 text-sm">
      {page > 1 ? <Link to={to(page - 1)}>{t("transactions.newer")}</Link> : null}
      <span>{t("transactions.page", { page })}</span>
      {more ? <Link to={to(page + 1)}>{t("transactions.older")}</Link> : null}
    </nav>
  );
}
