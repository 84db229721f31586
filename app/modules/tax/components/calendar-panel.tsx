import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import type { CalendarEntry } from "../tax.server";
import { TaxAnswer, useTaxAnswer } from "./answer";

const STATUS_STYLE: Record<string, string> = {
  done: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  overdue: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  due_soon: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  upcoming: "bg-muted",
  passed: "bg-muted text-muted-foreground",
};

/** The tax year's due dates, rolled past weekends and holidays, each with its law, what to prepare, and who did it. */
export function CalendarPanel({
  year,
  entries,
  canManage,
  feeds,
}: {
  year: number;
  entries: CalendarEntry[];
  canManage: boolean;
  feeds: { id: string; createdAt: string }[];
}) {
  const { t } = useTranslation("tax");
  const { language } = useLanguage();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const feedAnswer = useTaxAnswer(["feed-create"]);
  return (
    <section
      aria-labelledby="tax-calendar-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tax-calendar-heading" className="m-0 text-lg">
          {t("calendar.heading", { year })}
        </h2>
        <nav aria-label={t("calendar.years")} className="flex gap-2 text-sm">
          <Link to={`?year=${year - 1}`}>{t("calendar.previous", { year: year - 1 })}</Link>
          <Link to={`?year=${year + 1}`}>{t("calendar.next", { year: year + 1 })}</Link>
        </nav>
      </div>
      <p className="m-0 text-sm text-muted-foreground">{t("calendar.help")}</p>
      <TaxAnswer intents={["done", "undone", "feed-revoke"]} />
      <ol className="m-0 grid list-none gap-2 p-0" data-testid="tax-calendar">
        {entries.map((item) => (
          <li
            key={item.key}
            className="grid gap-1 rounded-md border border-solid border-border p-3"
            data-testid="tax-item"
            data-key={item.key}
            data-status={item.status}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{t(item.titleKey, item.titleParams ?? {})}</span>
              <span className={`rounded-full px-2 py-0.5 text-sm ${STATUS_STYLE[item.status]}`}>{t(`calendar.status.${item.status}`)}</span>
            </div>
            <p className="m-0 text-sm">
              <strong>{day(item.dueOn)}</strong>
              {item.rolled ? ` · ${t("calendar.rolled", { from: day(item.statutoryDueOn) })}` : ""}
              {item.optional ? ` · ${t("calendar.optional")}` : ""}
              {!item.computed ? ` · ${t("calendar.notComputed")}` : ""}
            </p>
            <p className="m-0 text-sm text-muted-foreground">{t(item.prepareKey, item.titleParams ?? {})}</p>
            {item.citation ? (
              <p className="m-0 text-sm">
                <a href={item.citationUrl} target="_blank" rel="noreferrer noopener" className="underline">
                  {item.citation}
                </a>
              </p>
            ) : null}
            {item.done ? (
              <p className="m-0 text-sm">
                {t("calendar.doneBy", { name: item.done.by ?? t("calendar.someone"), on: day(item.done.at.slice(0, 10)) })}
                {item.done.note ? ` · ${item.done.note}` : ""}
              </p>
            ) : null}
            {canManage ? (
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="key" value={item.key} />
                {item.done ? null : (
                  <label className="grid gap-1 text-sm">
                    {t("calendar.note")}
                    <input name="note" maxLength={500} className="rounded-md border border-solid border-input bg-background p-1.5" />
                  </label>
                )}
                <Button
                  type="submit"
                  name="intent"
                  value={item.done ? "undone" : "done"}
                  size="sm"
                  variant={item.done ? "ghost" : "outline"}
                  aria-label={t(item.done ? "calendar.markUndoneLabel" : "calendar.markDoneLabel", { title: t(item.titleKey, item.titleParams ?? {}) })}
                >
                  {t(item.done ? "calendar.markUndone" : "calendar.markDone")}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="grid gap-2 border-0 border-t border-solid border-border pt-4">
        <h3 className="m-0 text-base">{t("feed.heading")}</h3>
        <p className="m-0 text-sm text-muted-foreground">{t("feed.help")}</p>
        <TaxAnswer intents={["feed-create"]} />
        {feedAnswer?.feedUrl ? (
          <p className="m-0 break-all text-sm" data-testid="feed-url">
            {feedAnswer.feedUrl}
          </p>
        ) : null}
        <Form method="post">
          <Button type="submit" name="intent" value="feed-create" size="sm" variant="outline">
            {t("feed.create")}
          </Button>
        </Form>
        {feeds.length ? (
          <ul className="m-0 grid list-none gap-1 p-0 text-sm">
            {feeds.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-2">
                {t("feed.since", { on: day(f.createdAt.slice(0, 10)) })}
                <Form method="post">
                  <input type="hidden" name="id" value={f.id} />
                  <Button type="submit" name="intent" value="feed-revoke" size="sm" variant="ghost">
                    {t("feed.revoke")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
