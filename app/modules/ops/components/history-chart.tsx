import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import type { HealthPageData } from "../health-page.server";
import { STATUS_COLOURS } from "./status-badge";

/** A week of probes: a row per service, a cell per 6 hours coloured by the worst status, with the share healthy in words. */
export function HistoryChart({ history }: { history: HealthPageData["history"] }) {
  const { t } = useTranslation("ops");
  const anything = history.rows.some((r) => r.uptime !== null);
  return (
    <section aria-labelledby="health-history" className="grid gap-2" data-testid="health-history">
      <h2 id="health-history" className="m-0 text-lg">
        {t("history.title")}
      </h2>
      {anything ? (
        <>
          <p className="m-0 text-sm text-muted-foreground">{t("history.caption")}</p>
          <table className="w-full border-collapse text-sm">
            <tbody>
              {history.rows.map((row) => (
                <tr key={row.service}>
                  <th scope="row" className="whitespace-nowrap pe-2 text-start font-normal">
                    {t(`service.${row.service}`)}
                  </th>
                  <td className="w-full">
                    <div className="flex gap-[2px]" aria-hidden="true">
                      {row.buckets.map((status, i) => (
                        <span
                          key={i}
                          className={cn("h-4 flex-1 rounded-sm", status ? STATUS_COLOURS[status] : "bg-muted")}
                          title={status ? t(`status.${status}`) : t("history.noData")}
                        />
                      ))}
                    </div>
                  </td>
                  <td className="whitespace-nowrap ps-2 text-end">
                    {row.uptime === null ? t("history.noData") : t("history.uptime", { percent: row.uptime })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("history.empty")}</p>
      )}
    </section>
  );
}
