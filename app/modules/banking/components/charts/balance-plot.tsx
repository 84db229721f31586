import { scaleLinear } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";
import type { BalanceChart } from "../../charts.server";
import { formatCompact, formatDayShort, formatMonthShort } from "./format";
import { seriesColour } from "./palette";

const MARGIN = { top: 12, right: 16, bottom: 28, left: 60 };

/**
 * The balance lines (loaded on its own: the page is usable before this is). A single account is drawn as an
 * area down to the axis; several as lines of their own colour. Points are evenly spaced days, weeks or months.
 */
export default function BalancePlot({ chart, width, height, locale }: { chart: BalanceChart; width: number; height: number; locale: string }) {
  const { days, series, currency } = chart;
  const values = series.flatMap((s) => s.balancesMinor.filter((v): v is number => v !== null));
  const x = scaleLinear<number>({ domain: [0, Math.max(1, days.length - 1)], range: [MARGIN.left, width - MARGIN.right] });
  const y = scaleLinear<number>({ domain: [Math.min(0, ...values), Math.max(0, ...values)], range: [height - MARGIN.bottom, MARGIN.top], nice: 4 });
  const ticks = y.ticks(4);
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor((width - MARGIN.left) / 72))));
  const xLabels = days.map((day, i) => ({ day, i })).filter(({ i }) => (days.length - 1 - i) % labelEvery === 0);
  const label = (day: string) => (chart.step === "month" ? formatMonthShort(day.slice(0, 7), locale) : formatDayShort(day, locale));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="block h-auto w-full" aria-hidden="true" focusable="false">
      <g className="text-border">
        {ticks.map((tick) => (
          <line key={tick} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-current" strokeWidth={tick === 0 ? 1.5 : 1} />
        ))}
      </g>
      <g className="fill-current text-muted-foreground" fontSize={12}>
        {ticks.map((tick) => (
          <text key={tick} x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatCompact(tick, currency, locale)}
          </text>
        ))}
        {xLabels.map(({ day, i }) => (
          <text key={day} x={x(i)} y={height - 8} textAnchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}>
            {label(day)}
          </text>
        ))}
      </g>
      {series.map((s, index) => {
        const colour = seriesColour(index);
        const points = s.balancesMinor.map((value, i) => ({ i, value }));
        const defined = (p: { value: number | null }) => p.value !== null;
        const px = (p: { i: number }) => x(p.i);
        const py = (p: { value: number | null }) => y(p.value ?? 0);
        const last = points.filter(defined).at(-1);
        return (
          <g key={s.accountId} data-testid="balance-line">
            {series.length === 1 ? <AreaClosed data={points} x={px} y={py} yScale={y} defined={defined} className={`${colour.fill} opacity-15`} /> : null}
            <LinePath data={points} x={px} y={py} defined={defined} className={colour.stroke} strokeWidth={2} fill="none" />
            {last ? <circle cx={px(last)} cy={py(last)} r={3.5} className={colour.fill} /> : null}
          </g>
        );
      })}
    </svg>
  );
}
