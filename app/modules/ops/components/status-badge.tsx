import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";

export const STATUS_COLOURS: Record<string, string> = {
  // Each pair is at least 4.5:1, for the badge's small text (WCAG 1.4.3).
  healthy: "bg-emerald-700 text-white",
  degraded: "bg-amber-500 text-black",
  down: "bg-red-700 text-white",
};

/** A status in words and colour (the words carry it; the colour only helps). */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation("ops");
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_COLOURS[status])} data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
