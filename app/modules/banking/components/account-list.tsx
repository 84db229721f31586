import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import type { AccountSummary } from "../accounts.server";
import { formatMinor } from "../money";

/** The trust's accounts: where the money is, and how much of it is still to be accounted for. */
export function AccountList({ accounts }: { accounts: AccountSummary[] }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  if (accounts.length === 0) return <p className="m-0 rounded-lg border border-dashed border-border p-6 text-muted-foreground">{t("accounts.empty")}</p>;
  return (
    <section aria-labelledby="accounts-heading" className="grid gap-3">
      <h2 id="accounts-heading" className="m-0 text-lg">
        {t("accounts.heading")}
      </h2>
      <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2">
        {accounts.map((a) => (
          <li key={a.id} className="grid gap-2 rounded-lg border border-solid border-border bg-card p-4" data-testid="bank-account">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="m-0 text-base">{a.name}</h3>
              <span className="text-sm text-muted-foreground">{t("accounts.numberEnding", { institution: a.institution, lastFour: a.lastFour })}</span>
            </div>
            <p className="m-0 text-sm text-muted-foreground">
              {t(`accountType.${a.type}`)} · {a.currency}
            </p>
            {a.balanceMinor !== null ? (
              <p className="m-0 text-xl font-semibold tabular-nums">
                <span className="sr-only">{t("accounts.balance")} </span>
                {formatMinor(a.balanceMinor, a.currency, language)}
              </p>
            ) : null}
            {a.transactionCount !== null ? (
              <p className="m-0 text-sm">
                {t("accounts.counts", { count: a.transactionCount, unaccounted: a.unaccounted ?? 0 })}{" "}
                <Link to={`/transaction-reconciliation?account=${a.id}`}>{t("accounts.open")}</Link>
              </p>
            ) : (
              <Link to={`/transaction-reconciliation?account=${a.id}`}>{t("accounts.openOwn")}</Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
