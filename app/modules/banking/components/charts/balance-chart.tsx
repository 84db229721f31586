import { lazy, Suspense, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import { lineStory } from "../../charts";
import type { BalanceChart as BalanceChartData } from "../../charts.server";
import { formatMinor } from "../../money";
import { ChartTable, headCell, numberCell, rowHeadCell } from "./chart-table";
import { formatDay } from "./format";
import { seriesColour } from "./palette";
import { useWidth } from "./use-width";

const BalancePlot = lazy(() => import("./balance-plot"));
export const PLOT_HEIGHT = 240;

/**
 * "Balance over time": one line per account of a currency, a sentence that tells where each went (its
 * start, end, lowest and highest), and the same figures as a table.
 */
export function BalanceChart({ chart, showCurrency }: { chart: BalanceChartData; showCurrency: boolean }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const { ref, width } = useWidth<HTMLDivElement>(640);
  const id = useId();
  const money = (minor: number) => formatMinor(minor, chart.currency, language);
  const heading = showCurrency ? t("charts.balance.headingCurrency", { currency: chart.currency }) : t("charts.balance.heading");
  const stories = chart.series.map((s) => {
    const story = lineStory(chart.days, s.balancesMinor);
    if (!story) return t("charts.balance.noHistory", { name: s.name });
    return t("charts.balance.story", {
      name: s.name,
      first: money(story.first.value),
      firstOn: formatDay(story.first.day, language),
      last: money(story.last.value),
      lastOn: formatDay(story.last.day, language),
      low: money(story.low.value),
      lowOn: formatDay(story.low.day, language),
      high: money(story.high.value),
      highOn: formatDay(story.high.day, language),
    });
  });
  return (
    <figure className="m-0 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-4" data-testid="balance-chart">
      <h3 id={`${id}-heading`} className="m-0 text-base">
        {heading}
      </h3>
      <div id={`${id}-description`} className="grid gap-1 text-sm text-muted-foreground">
        {stories.map((story, i) => (
          <p key={chart.series[i].accountId} className="m-0">
            {story}
          </p>
        ))}
        <p className="m-0">{t(`charts.balance.step.${chart.step}`)}</p>
      </div>
      <div ref={ref} role="img" aria-labelledby={`${id}-heading`} aria-describedby={`${id}-description`} className="min-w-0">
        <Suspense fallback={<div style={{ aspectRatio: `${width} / ${PLOT_HEIGHT}` }} />}>
          <BalancePlot chart={chart} width={width} height={PLOT_HEIGHT} locale={language} />
        </Suspense>
      </div>
      {chart.series.length > 1 ? (
        <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-sm" aria-label={t("charts.legend")}>
          {chart.series.map((s, i) => (
            <li key={s.accountId} className="flex items-center gap-2">
              <span aria-hidden="true" className={`inline-block h-1 w-4 rounded-sm ${seriesColour(i).swatch}`} />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <ChartTable caption={heading} testId="balance-table">
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              {t("charts.date")}
            </th>
            {chart.series.map((s) => (
              <th key={s.accountId} scope="col" className={`${headCell} text-right`}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.days.map((day, i) => (
            <tr key={day}>
              <th scope="row" className={rowHeadCell}>
                {formatDay(day, language)}
              </th>
              {chart.series.map((s) => {
                const value = s.balancesMinor[i];
                return (
                  <td key={s.accountId} className={numberCell}>
                    {value === null ? t("charts.notOpen") : money(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </figure>
  );
}
