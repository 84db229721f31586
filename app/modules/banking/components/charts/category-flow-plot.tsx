import { scaleBand, scaleLinear } from "@visx/scale";
import { BarStack } from "@visx/shape";
import type { CategoryFlow } from "../../charts";
import { formatCompact, formatMonthShort } from "./format";
import { seriesColour } from "./palette";

const MARGIN = { top: 12, right: 8, bottom: 28, left: 60 };

type MonthRow = { month: string } & Record<string, number | string>;

/**
 * Money in above the line and money out below it, one bar a month, stacked by category (loaded on its own:
 * the page is usable before this is). Each part carries its figure as a tooltip; the table has them all.
 */
export default function CategoryFlowPlot({
  months,
  flows,
  currency,
  labels,
  width,
  height,
  locale,
  money,
}: {
  months: string[];
  flows: CategoryFlow[];
  currency: string;
  labels: string[];
  width: number;
  height: number;
  locale: string;
  money: (minor: number) => string;
}) {
  const keys = [...flows.map((_, i) => `${i}:in`), ...flows.map((_, i) => `${i}:out`)];
  const data: MonthRow[] = months.map((month, m) => {
    const row: MonthRow = { month };
    flows.forEach((f, i) => {
      row[`${i}:in`] = f.inMinor[m];
      row[`${i}:out`] = f.outMinor[m];
    });
    return row;
  });
  const sum = (m: number, side: "inMinor" | "outMinor") => flows.reduce((total, f) => total + f[side][m], 0);
  const highest = Math.max(0, ...months.map((_, m) => sum(m, "inMinor")));
  const lowest = Math.min(0, ...months.map((_, m) => sum(m, "outMinor")));
  const x = scaleBand<string>({ domain: months, range: [MARGIN.left, width - MARGIN.right], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [lowest, highest], range: [height - MARGIN.bottom, MARGIN.top], nice: 4 });
  const ticks = y.ticks(4);
  const labelEvery = Math.max(1, Math.ceil(months.length / Math.max(2, Math.floor((width - MARGIN.left) / 56))));
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="block h-auto w-full" aria-hidden="true" focusable="false">
      <g className="text-border">
        {ticks.map((tick) => (
          <line key={tick} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-current" strokeWidth={1} />
        ))}
      </g>
      <g className="fill-current text-muted-foreground" fontSize={12}>
        {ticks.map((tick) => (
          <text key={tick} x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatCompact(tick, currency, locale)}
          </text>
        ))}
        {months.map((month, i) =>
          (months.length - 1 - i) % labelEvery === 0 ? (
            <text key={month} x={(x(month) ?? 0) + x.bandwidth() / 2} y={height - 8} textAnchor="middle">
              {formatMonthShort(month, locale)}
            </text>
          ) : null,
        )}
      </g>
      <BarStack<MonthRow, string> data={data} keys={keys} x={(d) => d.month} xScale={x} yScale={y} color={(key) => key} offset="diverging">
        {(stacks) =>
          stacks.map((stack) => {
            const [index, side] = stack.key.split(":");
            const flow = Number(index);
            return stack.bars.map((bar) => {
              const amount = Number(bar.bar.data[stack.key]);
              if (amount === 0 || bar.height <= 0) return null;
              return (
                <rect
                  key={`${stack.key}-${bar.index}`}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  className={`${seriesColour(flow).fill} stroke-card`}
                  strokeWidth={1}
                  data-side={side}
                >
                  <title>{`${formatMonthShort(months[bar.index], locale)} · ${labels[flow]}: ${money(amount)}`}</title>
                </rect>
              );
            });
          })
        }
      </BarStack>
      <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(0)} y2={y(0)} className="stroke-current text-foreground" strokeWidth={1.5} />
    </svg>
  );
}
