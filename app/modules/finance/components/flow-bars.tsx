import { useTranslation } from "react-i18next";

interface Flow {
  category: string;
  inMinor: number;
  outMinor: number;
}

/**
 * Money in and out by category as paired bars, largest first; the table beside it carries the same figures for
 * screen readers and for anyone who prefers numbers (the bars are one image, described by its largest flows).
 */
export function FlowBars({ flows, label, money }: { flows: Flow[]; label: (category: string) => string; money: (minor: number) => string }) {
  const { t } = useTranslation("finance");
  const shown = flows.slice(0, 8);
  const max = Math.max(1, ...shown.flatMap((f) => [f.inMinor, f.outMinor]));
  const largestIn = [...flows].sort((a, b) => b.inMinor - a.inMinor)[0];
  const largestOut = [...flows].sort((a, b) => b.outMinor - a.outMinor)[0];
  const summary = t("overview.flowsStory", {
    inCategory: largestIn && largestIn.inMinor > 0 ? label(largestIn.category) : "—",
    inAmount: money(largestIn?.inMinor ?? 0),
    outCategory: largestOut && largestOut.outMinor > 0 ? label(largestOut.category) : "—",
    outAmount: money(largestOut?.outMinor ?? 0),
  });
  return (
    <div role="img" aria-label={summary} className="grid gap-1.5" data-testid="flow-bars">
      {shown.map((f) => (
        <div key={f.category} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] items-center gap-2 text-xs" aria-hidden>
          <span className="truncate">{label(f.category)}</span>
          <span className="grid gap-0.5">
            <span className="block h-2 rounded-sm bg-emerald-600" style={{ width: `${(f.inMinor / max) * 100}%` }} />
            <span className="block h-2 rounded-sm bg-rose-600" style={{ width: `${(f.outMinor / max) * 100}%` }} />
          </span>
        </div>
      ))}
      <p className="m-0 flex gap-4 text-xs text-muted-foreground" aria-hidden>
        <span className="flex items-center gap-1">
          <span className="inline-block h-2 w-3 rounded-sm bg-emerald-600" />
          {t("overview.in")}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-2 w-3 rounded-sm bg-rose-600" />
          {t("overview.out")}
        </span>
      </p>
    </div>
  );
}
