import { useTranslation } from "react-i18next";
import { useDay } from "./dates";

const WIDTH = 640;
const HEIGHT = 180;
const PAD = 28;

/** The score day by day as a line, with the same figures in a table for screen readers and keyboard users. */
export function ScoreChart({ history }: { history: { day: string; score: number | null }[] }) {
  const { t } = useTranslation("compliance");
  const day = useDay();
  const points = history.filter((h): h is { day: string; score: number } => h.score !== null);
  if (points.length === 0) return <p className="m-0 text-sm text-muted-foreground">{t("health.noHistory")}</p>;
  const first = Date.parse(points[0]!.day);
  const span = Math.max(1, Date.parse(points.at(-1)!.day) - first);
  const x = (iso: string) => PAD + ((Date.parse(iso) - first) / span) * (WIDTH - 2 * PAD);
  const y = (score: number) => HEIGHT - PAD - (score / 100) * (HEIGHT - 2 * PAD);
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.day).toFixed(1)},${y(p.score).toFixed(1)}`).join(" ");
  return (
    <figure className="m-0 grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={t("health.chartLabel", { from: day(points[0]!.day), to: day(points.at(-1)!.day), score: points.at(-1)!.score })}
      >
        {[0, 50, 100].map((tick) => (
          <g key={tick}>
            <line x1={PAD} x2={WIDTH - PAD} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeDasharray="4 4" />
            <text x={4} y={y(tick) + 4} className="fill-muted-foreground text-[10px]">
              {tick}
            </text>
          </g>
        ))}
        <path d={path} fill="none" className="stroke-primary" strokeWidth={2} />
        {points.map((p) => (
          <circle key={p.day} cx={x(p.day)} cy={y(p.score)} r={points.length > 60 ? 1.5 : 3} className="fill-primary" />
        ))}
      </svg>
      <details>
        <summary className="cursor-pointer text-sm">{t("health.chartTable")}</summary>
        <table className="mt-2 text-sm">
          <thead>
            <tr>
              <th className="text-left">{t("health.day")}</th>
              <th className="text-right">{t("health.score")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <td>{day(p.day)}</td>
                <td className="text-right">{p.score}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
