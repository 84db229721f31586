import { lazy, Suspense, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import { isCategory } from "../../categories";
import { largestCategories, OTHER } from "../../charts";
import type { FlowChart } from "../../charts.server";
import { formatMinor } from "../../money";
import { ChartTable, headCell, numberCell, wrapHeadCell } from "./chart-table";
import { formatMonth } from "./format";
import { SERIES, seriesColour } from "./palette";
import { useWidth } from "./use-width";

const CategoryFlowPlot = lazy(() => import("./category-flow-plot"));
const PLOT_HEIGHT = 260;

/**
 * "Money in and out by category": a month's money in stacked above the line and out below it, the largest
 * categories each in its colour (the rest together), a sentence with the period's totals and largest
 * movements, and every category's figures in the table.
 */
export function CategoryFlowChart({ chart, showCurrency, ownOnly }: { chart: FlowChart; showCurrency: boolean; ownOnly: boolean }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const { ref, width } = useWidth<HTMLDivElement>(640);
  const id = useId();
  const money = (minor: number) => formatMinor(minor, chart.currency, language);
  const label = (category: string | null) =>
    category === null
      ? t("charts.uncategorised")
      : category === OTHER
        ? t("charts.otherCategories")
        : isCategory(category)
          ? t(`category.${category}`)
          : category;
  const heading = showCurrency ? t("charts.flow.headingCurrency", { currency: chart.currency }) : t("charts.flow.heading");
  const shown = largestCategories(chart.categories, SERIES.length);
  const totalIn = chart.categories.reduce((sum, f) => sum + f.totalInMinor, 0);
  const totalOut = chart.categories.reduce((sum, f) => sum + f.totalOutMinor, 0);
  const largestIn = [...chart.categories].sort((a, b) => b.totalInMinor - a.totalInMinor)[0];
  const largestOut = [...chart.categories].sort((a, b) => a.totalOutMinor - b.totalOutMinor)[0];
  const period = { from: formatMonth(chart.months[0], language), to: formatMonth(chart.months[chart.months.length - 1], language) };
  return (
    <figure className="m-0 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-4" data-testid="flow-chart">
      <h3 id={`${id}-heading`} className="m-0 text-base">
        {heading}
      </h3>
      <div id={`${id}-description`} className="grid gap-1 text-sm text-muted-foreground">
        {ownOnly ? <p className="m-0">{t("charts.flow.ownOnly")}</p> : null}
        {chart.categories.length === 0 ? (
          <p className="m-0">{t("charts.flow.empty", period)}</p>
        ) : (
          <p className="m-0">
            {t("charts.flow.story", { ...period, in: money(totalIn), out: money(-totalOut) })}{" "}
            {largestIn && largestIn.totalInMinor > 0
              ? t("charts.flow.largestIn", { category: label(largestIn.category), amount: money(largestIn.totalInMinor) })
              : null}{" "}
            {largestOut && largestOut.totalOutMinor < 0
              ? t("charts.flow.largestOut", { category: label(largestOut.category), amount: money(-largestOut.totalOutMinor) })
              : null}
          </p>
        )}
      </div>
      {chart.categories.length > 0 ? (
        <>
          <div ref={ref} role="img" aria-labelledby={`${id}-heading`} aria-describedby={`${id}-description`} className="min-w-0">
            <Suspense fallback={<div style={{ aspectRatio: `${width} / ${PLOT_HEIGHT}` }} />}>
              <CategoryFlowPlot
                months={chart.months}
                flows={shown}
                currency={chart.currency}
                labels={shown.map((f) => label(f.category))}
                width={width}
                height={PLOT_HEIGHT}
                locale={language}
                money={money}
              />
            </Suspense>
          </div>
          <p className="m-0 text-sm text-muted-foreground">{t("charts.flow.axes")}</p>
          <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-sm" aria-label={t("charts.legend")}>
            {shown.map((f, i) => (
              <li key={f.category ?? "none"} className="flex items-center gap-2">
                <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${seriesColour(i).swatch}`} />
                {label(f.category)}
              </li>
            ))}
          </ul>
          <ChartTable caption={heading} testId="flow-table">
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  {t("charts.month")}
                </th>
                <th scope="col" className={headCell}>
                  {t("charts.category")}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t("charts.moneyIn")}
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  {t("charts.moneyOut")}
                </th>
              </tr>
            </thead>
            {chart.months.map((month, m) => {
              const moved = chart.categories.filter((f) => f.inMinor[m] !== 0 || f.outMinor[m] !== 0);
              if (moved.length === 0) return null;
              return (
                <tbody key={month}>
                  {moved.map((f, i) => (
                    <tr key={f.category ?? "none"}>
                      {i === 0 ? (
                        <th scope="rowgroup" rowSpan={moved.length} className={`${wrapHeadCell} align-top font-semibold`}>
                          {formatMonth(month, language)}
                        </th>
                      ) : null}
                      <th scope="row" className={wrapHeadCell}>
                        {label(f.category)}
                      </th>
                      <td className={numberCell}>{f.inMinor[m] ? money(f.inMinor[m]) : ""}</td>
                      <td className={numberCell}>{f.outMinor[m] ? money(-f.outMinor[m]) : ""}</td>
                    </tr>
                  ))}
                </tbody>
              );
            })}
          </ChartTable>
        </>
      ) : null}
    </figure>
  );
}
