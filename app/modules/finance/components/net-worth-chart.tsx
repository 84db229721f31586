import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatMonth, formatMonthShort } from "~/modules/banking/components/charts/format";
import { useLanguage } from "~/modules/preferences/display";
import type { NetWorthPoint } from "../overview.server";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 8, right: 8, top: 12, bottom: 24 };

/**
 * Net worth at each month's end, with principal and income cash beneath it: three lines on one scale. The figures
 * are in the table beside it (the chart is an image to a screen reader, described by its story).
 */
export function NetWorthChart({ series, money, story }: { series: NetWorthPoint[]; money: (minor: number) => string; story: string }) {
  const { t } = useTranslation("finance");
  const { language } = useLanguage();
  const id = useId();
  if (series.length < 2) return <p className="m-0 text-sm text-muted-foreground">{story}</p>;
  const values = series.flatMap((p) => [p.netWorthMinor, p.principalMinor, p.incomeMinor]);
  const [low, high] = [Math.min(0, ...values), Math.max(1, ...values)];
  const x = (i: number) => PAD.left + (i * (WIDTH - PAD.left - PAD.right)) / (series.length - 1);
  const y = (v: number) => PAD.top + ((high - v) * (HEIGHT - PAD.top - PAD.bottom)) / (high - low || 1);
  const line = (pick: (p: NetWorthPoint) => number) => series.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(pick(p)).toFixed(1)}`).join(" ");
  const lines = [
    { key: "netWorth", colour: "var(--chart-1, #2563eb)", d: line((p) => p.netWorthMinor) },
    { key: "principal", colour: "var(--chart-2, #059669)", d: line((p) => p.principalMinor) },
    { key: "income", colour: "var(--chart-3, #d97706)", d: line((p) => p.incomeMinor) },
  ];
  return (
    <figure className="m-0 grid min-w-0 gap-2">
      <p id={`${id}-story`} className="m-0 text-sm text-muted-foreground">
        {story}
      </p>
      <svg role="img" aria-labelledby={`${id}-story`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-full" data-testid="net-worth-chart">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.2} />
        {lines.map((l) => (
          <path key={l.key} d={l.d} fill="none" stroke={l.colour} strokeWidth={l.key === "netWorth" ? 2.5 : 1.5} />
        ))}
        {series.map((p, i) => (
          <text
            key={p.month}
            x={x(i)}
            y={HEIGHT - 6}
            fontSize={10}
            textAnchor="middle"
            fill="currentColor"
            opacity={i % Math.ceil(series.length / 8) ? 0 : 0.7}
          >
            {formatMonthShort(p.month, language)}
          </text>
        ))}
      </svg>
      <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-sm" aria-label={t("overview.legend")}>
        {lines.map((l) => (
          <li key={l.key} className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block h-1 w-4 rounded" style={{ background: l.colour }} />
            {t(`overview.line.${l.key}`)}
          </li>
        ))}
      </ul>
      <details>
        <summary className="cursor-pointer text-sm">{t("overview.showTable")}</summary>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("overview.tableCaption")}</caption>
            <thead>
              <tr>
                <th scope="col" className="text-left">
                  {t("overview.month")}
                </th>
                <th scope="col" className="text-right">
                  {t("overview.line.netWorth")}
                </th>
                <th scope="col" className="text-right">
                  {t("overview.line.principal")}
                </th>
                <th scope="col" className="text-right">
                  {t("overview.line.income")}
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((p) => (
                <tr key={p.month}>
                  <th scope="row" className="text-left font-normal">
                    {formatMonth(p.month, language)}
                  </th>
                  <td className="text-right tabular-nums">{money(p.netWorthMinor)}</td>
                  <td className="text-right tabular-nums">{money(p.principalMinor)}</td>
                  <td className="text-right tabular-nums">{money(p.incomeMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
