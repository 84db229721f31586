import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { TrustEventView } from "../profile.server";
import { TRUST_EVENT_TYPES } from "../event-types";
import { ComplianceAnswer } from "./answer";
import { useDay } from "./dates";

/** What happened to the trust, each starting its deadlines; trustees record and withdraw them. */
export function EventsPanel({ events, canManage }: { events: TrustEventView[]; canManage: boolean }) {
  const { t } = useTranslation("compliance");
  const day = useDay();
  return (
    <section aria-labelledby="events-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id="events-heading" className="m-0 text-lg">
        {t("events.heading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("events.help")}</p>
      <ComplianceAnswer intents={["event-add", "event-withdraw"]} />
      {events.length === 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{t("events.none")}</p>
      ) : (
        <ul className="m-0 grid list-none gap-2 p-0" data-testid="trust-events">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-solid border-border p-2">
              <span>
                <strong>{day(event.occurredOn)}</strong> · {t(`events.types.${event.type}`)}
                {event.subject ? ` · ${event.subject}` : ""}
                {event.note ? <span className="block text-sm text-muted-foreground">{event.note}</span> : null}
              </span>
              {canManage ? (
                <Form method="post">
                  <input type="hidden" name="target" value={event.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="event-withdraw"
                    size="sm"
                    variant="ghost"
                    aria-label={t("events.withdrawLabel", { type: t(`events.types.${event.type}`), on: day(event.occurredOn) })}
                  >
                    {t("events.withdraw")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <Form method="post" className="grid gap-2 sm:grid-cols-2" aria-label={t("events.formLabel")}>
          <input type="hidden" name="intent" value="event-add" />
          <label className="grid min-w-0 gap-1 text-sm">
            {t("events.type")}
            <select name="type" required className="w-full min-w-0 rounded-md border border-solid border-input bg-background p-1.5">
              {TRUST_EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`events.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid min-w-0 gap-1 text-sm">
            {t("events.date")}
            <input name="occurredOn" type="date" required className="rounded-md border border-solid border-input bg-background p-1.5" />
          </label>
          <label className="grid min-w-0 gap-1 text-sm">
            {t("events.subject")}
            <input name="subject" maxLength={200} className="rounded-md border border-solid border-input bg-background p-1.5" />
          </label>
          <label className="grid min-w-0 gap-1 text-sm">
            {t("events.note")}
            <input name="note" maxLength={1000} className="rounded-md border border-solid border-input bg-background p-1.5" />
          </label>
          <div>
            <Button type="submit">{t("events.record")}</Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
