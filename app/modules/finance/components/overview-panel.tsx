import { Link } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatMonth } from "~/modules/banking/components/charts/format";
import { useLanguage } from "~/modules/preferences/display";
import type { FinanceOverview } from "../overview.server";
import { dayIn, moneyIn } from "./money";
import { FlowBars } from "./flow-bars";
import { NetWorthChart } from "./net-worth-chart";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border border-solid border-border p-3" data-testid={testId}>
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="text-xl font-semibold tabular-nums">{value}</span>
    </div>
  );
}

/** What the trust is worth, how principal and income stand, where money went this year, and what is about to go out. */
export function OverviewPanel({ overview }: { overview: FinanceOverview }) {
  const { t } = useTranslation(["finance", "banking"]);
  const { language } = useLanguage();
  const money = moneyIn(overview.currency, language);
  const flowsHeadingId = useId();
  const day = dayIn(language);
  const first = overview.series[0];
  const last = overview.series.at(-1);
  const story =
    first && last
      ? t("overview.story", {
          from: money(first.netWorthMinor),
          fromMonth: formatMonth(first.month, language),
          to: money(last.netWorthMinor),
          toMonth: formatMonth(last.month, language),
        })
      : t("overview.noHistory");
  return (
    <section
      aria-labelledby="finance-overview-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5"
    >
      <h2 id="finance-overview-heading" className="m-0 text-lg">
        {t("overview.heading")}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure label={t("overview.netWorth")} value={money(overview.netWorthMinor)} testId="finance-net-worth" />
        <Figure label={t("overview.principalCash")} value={money(overview.balances?.principalMinor ?? 0)} testId="finance-principal" />
        <Figure label={t("overview.incomeCash")} value={money(overview.balances?.incomeMinor ?? 0)} testId="finance-income" />
      </div>
      {overview.uncategorised > 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{t("overview.uncategorised", { count: overview.uncategorised })}</p>
      ) : null}
      <NetWorthChart series={overview.series} money={money} story={story} />
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
        {/* Focusable and named: a wide table (longer words in some languages) scrolls by keyboard too. */}
        <section className="min-w-0 overflow-x-auto" tabIndex={0} aria-labelledby={flowsHeadingId}>
          <h3 id={flowsHeadingId} className="m-0 mb-2 text-base">
            {t("overview.flowsHeading")}
          </h3>
          {overview.flows.length === 0 ? (
            <p className="m-0 text-sm text-muted-foreground">{t("overview.noFlows")}</p>
          ) : (
            <>
              <FlowBars
                flows={overview.flows}
                money={money}
                label={(c) => (c === "uncategorised" ? t("charts.uncategorised", { ns: "banking" }) : t(`category.${c}`, { ns: "banking" }))}
              />
              <table className="w-full text-sm" data-testid="finance-flows">
                <thead>
                  <tr>
                    <th scope="col" className="text-left">
                      {t("overview.category")}
                    </th>
                    <th scope="col" className="text-right">
                      {t("overview.in")}
                    </th>
                    <th scope="col" className="text-right">
                      {t("overview.out")}
                    </th>
                    <th scope="col" className="text-right">
                      {t("overview.principal")}
                    </th>
                    <th scope="col" className="text-right">
                      {t("overview.income")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.flows.map((f) => (
                    <tr key={f.category}>
                      <th scope="row" className="text-left font-normal">
                        {f.category === "uncategorised" ? t("charts.uncategorised", { ns: "banking" }) : t(`category.${f.category}`, { ns: "banking" })}
                      </th>
                      <td className="text-right tabular-nums">{f.inMinor ? money(f.inMinor) : ""}</td>
                      <td className="text-right tabular-nums">{f.outMinor ? money(f.outMinor) : ""}</td>
                      <td className="text-right tabular-nums">{money(f.principalMinor)}</td>
                      <td className="text-right tabular-nums">{money(f.incomeMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
        <div className="min-w-0">
          <h3 className="m-0 mb-2 text-base">{t("overview.upcomingHeading")}</h3>
          {overview.upcoming.length === 0 ? (
            <p className="m-0 text-sm text-muted-foreground">{t("overview.noUpcoming")}</p>
          ) : (
            <ul className="m-0 grid list-none gap-1 p-0 text-sm">
              {overview.upcoming.map((u) => (
                <li key={u.id} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {u.kind === "tax" ? (
                      <Link to="/tax-administration" className="underline">
                        {t(u.label, { ns: "tax", ...u.params })}
                      </Link>
                    ) : (
                      t("overview.upcomingDistribution", { name: u.label, status: t(`distributions.status.${u.status}`) })
                    )}
                  </span>
                  <span className="tabular-nums">
                    {u.amountMinor !== null ? money(u.amountMinor) : ""} {u.on ? `· ${day(u.on)}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
