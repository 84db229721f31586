import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";

export interface ScheduledView {
  id: string;
  target: "channel" | "email";
  channelName: string | null;
  recipientName: string | null;
  authorName: string | null;
  subject: string | null;
  body: string;
  sendAt: string;
  localTime: string | null;
  timeZone: string | null;
  urgent: boolean;
  status: "scheduled" | "sending" | "sent" | "failed" | "cancelled";
  sentAt: string | null;
  error: string | null;
}

/** What waits to go and what went: change or cancel a message before its time. */
export function ScheduledList({
  items,
  onChanged,
  onEdit,
}: {
  items: ScheduledView[];
  onChanged: (item: ScheduledView) => void;
  onEdit: (item: ScheduledView) => void;
}) {
  const { t, i18n } = useTranslation("communication");
  const [status, setStatus] = useState<string | null>(null);
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  async function cancel(item: ScheduledView) {
    setStatus(null);
    try {
      const { scheduled } = await apiFetch<{ scheduled: ScheduledView }>(`/api/communication/scheduled/${item.id}/cancel`, { method: "POST" });
      onChanged(scheduled);
      setStatus(t("scheduled.cancelledNow"));
    } catch (caught) {
      setStatus(refusalSentence(caught, t("scheduled.failed")));
    }
  }

  return (
    <section aria-labelledby="scheduled-heading" className="grid gap-2 rounded-md border border-solid border-border bg-card p-4">
      <h2 id="scheduled-heading" className="m-0 text-lg">
        {t("scheduled.title")}
      </h2>
      {items.length === 0 ? <p className="m-0 text-sm text-muted-foreground">{t("scheduled.none")}</p> : null}
      <ul className="m-0 grid list-none gap-2 p-0" data-testid="scheduled-list">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1 rounded-md border border-solid border-border p-2" data-testid="scheduled-item" data-status={item.status}>
            <p className="m-0 text-sm font-medium">
              {item.target === "channel"
                ? t("scheduled.toChannel", { channel: item.channelName ?? "" })
                : t("scheduled.toEmail", { name: item.recipientName ?? "" })}
              {" · "}
              {t(`scheduled.status.${item.status}`, { when: when(item.sentAt ?? item.sendAt) })}
            </p>
            {item.localTime || item.urgent ? (
              <p className="m-0 text-sm text-muted-foreground">
                {[
                  item.localTime ? t("scheduled.localTime", { time: item.localTime.replace("T", " "), zone: item.timeZone ?? "UTC" }) : null,
                  item.urgent ? t("scheduled.urgent") : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            ) : null}
            {item.subject ? <p className="m-0 text-sm">{item.subject}</p> : null}
            <p className="m-0 line-clamp-3 whitespace-pre-wrap text-sm text-muted-foreground">{item.body}</p>
            {item.status === "failed" && item.error ? (
              <p className="m-0 text-sm">{t(`scheduled.why.${item.error.replace("errors.", "")}`, { defaultValue: t("scheduled.why.other") })}</p>
            ) : null}
            {item.status === "scheduled" ? (
              <div className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => onEdit(item)}>
                  {t("scheduled.edit")}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => void cancel(item)}>
                  {t("scheduled.cancel")}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {status ? (
        <p role="status" className="m-0 text-sm">
          {status}
        </p>
      ) : null}
    </section>
  );
}
