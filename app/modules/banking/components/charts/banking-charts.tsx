import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import type { BankingCharts as BankingChartsData } from "../../charts.server";
import { BalanceChart } from "./balance-chart";
import { CategoryFlowChart } from "./category-flow-chart";
import { formatDay } from "./format";

/** The charts of /trust-banking: balance over time per account, and money in and out by category per month. */
export function BankingCharts({ charts, ownOnly }: { charts: BankingChartsData; ownOnly: boolean }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const balances = charts.balances ?? [];
  if (balances.length === 0 && charts.flows.length === 0) return null;
  return (
    <section aria-labelledby="charts-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3" data-testid="banking-charts">
      <div className="grid gap-1">
        <h2 id="charts-heading" className="m-0 text-lg">
          {t("charts.heading")}
        </h2>
        <p className="m-0 text-sm text-muted-foreground">
          {t("charts.period", { from: formatDay(charts.from, language), to: formatDay(charts.to, language) })}
        </p>
      </div>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        {balances.map((chart) => (
          <BalanceChart key={chart.currency} chart={chart} showCurrency={balances.length > 1} />
        ))}
        {charts.flows.map((chart) => (
          <CategoryFlowChart key={chart.currency} chart={chart} showCurrency={charts.flows.length > 1} ownOnly={ownOnly} />
        ))}
      </div>
    </section>
  );
}
