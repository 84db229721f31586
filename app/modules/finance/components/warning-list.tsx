import { useTranslation } from "react-i18next";
import type { DistributionWarning } from "../schema";

/** What the instrument and the books say about a request, in words; those to confirm are marked. */
export function WarningList({ warnings }: { warnings: DistributionWarning[] }) {
  const { t } = useTranslation("finance");
  if (warnings.length === 0) return null;
  return (
    <ul
      className="m-0 grid list-none gap-1 rounded-md border border-solid border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      aria-label={t("warnings.label")}
    >
      {warnings.map((w, i) => (
        <li key={`${w.code}-${i}`} data-warning={w.code}>
          {t(`warnings.${w.code}`, w.params ?? {})}
        </li>
      ))}
    </ul>
  );
}
