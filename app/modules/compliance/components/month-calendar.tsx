import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import type { ItemView } from "../items.server";
import { itemTitle, STATUS_STYLE } from "./item-list";

/** The duties month by month: each month a list of its days with what falls due. */
export function MonthCalendar({ items }: { items: ItemView[] }) {
  const { t } = useTranslation("compliance");
  const { language } = useLanguage();
  const monthName = new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" });
  const dayName = new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", timeZone: "UTC" });
  const months = new Map<string, ItemView[]>();
  for (const item of items) months.set(item.dueOn.slice(0, 7), [...(months.get(item.dueOn.slice(0, 7)) ?? []), item]);
  if (months.size === 0) return <p className="m-0 text-sm text-muted-foreground">{t("health.calendarEmpty")}</p>;
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="compliance-calendar">
      {[...months.entries()].map(([month, monthItems]) => (
        <section key={month} aria-label={monthName.format(new Date(`${month}-01T00:00:00Z`))} className="rounded-md border border-solid border-border p-3">
          <h3 className="m-0 mb-2 text-base capitalize">{monthName.format(new Date(`${month}-01T00:00:00Z`))}</h3>
          <ul className="m-0 grid list-none gap-1 p-0 text-sm">
            {monthItems.map((item) => (
              <li key={item.id} className="flex gap-2">
                <span className="w-16 shrink-0 text-muted-foreground">{dayName.format(new Date(`${item.dueOn}T00:00:00Z`))}</span>
                <a href={`#item-${item.id}`} className="min-w-0 flex-1">
                  {itemTitle(item, t)}
                </a>
                <span className={`shrink-0 rounded-full px-2 text-xs ${STATUS_STYLE[item.status]}`}>{t(`status.${item.status}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
