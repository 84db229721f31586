import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A chart's figures as a table, for a screen reader, a keyboard, a printout or anyone who wants the exact
 * numbers: folded under "Show as table", with a caption and headers that say what each cell is.
 */
export function ChartTable({ caption, children, testId }: { caption: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation("banking");
  return (
    <details className="text-sm" data-testid={testId}>
      <summary className="w-fit cursor-pointer text-link">{t("charts.showTable")}</summary>
      {/* A scroller of its own (a long or wide table), reachable by keyboard. */}
      <div tabIndex={0} role="region" aria-label={caption} className="mt-2 max-h-96 overflow-auto rounded-md border border-solid border-border">
        <table className="w-full border-collapse">
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}

export const headCell = "sticky top-0 border-0 border-b border-solid border-border bg-card p-2 text-left font-semibold";
export const rowHeadCell = "border-0 border-b border-solid border-border p-2 text-left font-normal whitespace-nowrap";
/** A row header that may wrap (a category's name), so that four columns fit a phone. */
export const wrapHeadCell = "border-0 border-b border-solid border-border p-2 text-left font-normal";
export const numberCell = "border-0 border-b border-solid border-border p-2 text-right tabular-nums whitespace-nowrap";
