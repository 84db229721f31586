import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import type { ScheduledView } from "./scheduled-list";
import type { Choice } from "./smart-communication-page";
import type { TemplateView } from "./templates-panel";

/** What the form is filled with: a template to use, or a scheduled message being changed (`id`). */
export interface Draft {
  id?: string;
  body: string;
  subject: string | null;
  sendAt?: string;
  target?: "channel" | "email";
  urgent?: boolean;
  /** Set when it goes at the recipient's local time: the wall-clock time chosen. */
  localTime?: string | null;
}

const area = "min-h-32 w-full rounded-md border border-solid border-input bg-background p-2 font-inherit";
const select = "rounded-md border border-solid border-input bg-background p-1.5";

/** The browser's zone, sent as the author's when neither the recipient nor the author saved one. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The browser's local date and time for a datetime-local field (or the wall-clock time chosen for the recipient). */
function localInput(iso: string | undefined, localTime?: string | null): string {
  if (localTime) return localTime;
  const date = iso ? new Date(iso) : new Date(Date.now() + 3600_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Write now, send later: to a channel, or by e-mail to one member, at a time in this browser's zone. */
export function ScheduleForm({
  channels,
  members,
  templates,
  draft,
  onSaved,
  onDone,
}: {
  channels: Choice[];
  members: Choice[];
  templates: TemplateView[];
  draft: Draft | null;
  onSaved: (item: ScheduledView) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("communication");
  const [target, setTarget] = useState<"channel" | "email">(draft?.target ?? "channel");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [recipientClock, setRecipientClock] = useState(Boolean(draft?.localTime));
  const [urgent, setUrgent] = useState(Boolean(draft?.urgent));
  const formRef = useRef<HTMLFormElement>(null);
  const editing = draft?.id;

  useEffect(() => {
    const form = formRef.current;
    if (!form || !draft) return;
    (form.elements.namedItem("body") as HTMLTextAreaElement).value = draft.body;
    (form.elements.namedItem("subject") as HTMLInputElement | null)?.setAttribute("value", draft.subject ?? "");
    if (draft.target) setTarget(draft.target);
    setRecipientClock(Boolean(draft.localTime));
    setUrgent(Boolean(draft.urgent));
    form.scrollIntoView({ block: "nearest" });
    (form.elements.namedItem("body") as HTMLTextAreaElement).focus();
  }, [draft]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const when = String(data.get("sendAt") ?? "");
    const onTheirClock = target === "email" && recipientClock;
    // At the recipient's local time the wall-clock time goes as chosen; otherwise it is an instant in this browser's zone.
    const timing = onTheirClock
      ? { sendAt: null, localTime: when, authorTimeZone: browserZone() }
      : { sendAt: when ? new Date(when).toISOString() : "", localTime: null };
    setBusy(true);
    setStatus(null);
    try {
      const answer = editing
        ? await apiFetch<{ scheduled: ScheduledView }>(`/api/communication/scheduled/${editing}`, {
            method: "PUT",
            body: { body: data.get("body"), subject: data.get("subject") || null, ...timing, urgent },
          })
        : await apiFetch<{ scheduled: ScheduledView }>("/api/communication/scheduled", {
            method: "POST",
            body: {
              target,
              channelId: target === "channel" ? data.get("channelId") : null,
              recipientId: target === "email" ? data.get("recipientId") : null,
              subject: target === "email" ? data.get("subject") : null,
              body: data.get("body"),
              ...timing,
              urgent,
            },
          });
      onSaved(answer.scheduled);
      form.reset();
      onDone();
      setStatus({ ok: true, text: t(editing ? "schedule.changed" : "schedule.saved") });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("schedule.failed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="schedule-heading" className="grid gap-3 rounded-md border border-solid border-border bg-card p-4">
      <h2 id="schedule-heading" className="m-0 text-lg">
        {editing ? t("schedule.editTitle") : t("schedule.title")}
      </h2>
      <form ref={formRef} onSubmit={submit} className="grid gap-2" aria-labelledby="schedule-heading" data-testid="schedule-form">
        {!editing ? (
          <fieldset className="m-0 flex flex-wrap gap-4 border-0 p-0">
            <legend className="mb-1 text-sm">{t("schedule.target")}</legend>
            <label className="flex items-center gap-1">
              <input type="radio" name="target" value="channel" checked={target === "channel"} onChange={() => setTarget("channel")} />
              {t("schedule.toChannel")}
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="target" value="email" checked={target === "email"} onChange={() => setTarget("email")} />
              {t("schedule.toEmail")}
            </label>
          </fieldset>
        ) : null}
        {!editing && target === "channel" ? (
          <>
            <Label htmlFor="schedule-channel">{t("schedule.channel")}</Label>
            <select id="schedule-channel" name="channelId" className={select}>
              {channels.map((c) => (
                <option key={c.id} value={c.id}>
                  #{c.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        {!editing && target === "email" ? (
          <>
            <Label htmlFor="schedule-recipient">{t("schedule.recipient")}</Label>
            <select id="schedule-recipient" name="recipientId" className={select}>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        {target === "email" ? (
          <>
            <Label htmlFor="schedule-subject">{t("schedule.subject")}</Label>
            <Input
              id="schedule-subject"
              name="subject"
              maxLength={200}
              defaultValue={draft?.subject ?? ""}
              key={`subject-${draft?.id ?? ""}-${draft?.subject ?? ""}`}
            />
          </>
        ) : null}
        <Label htmlFor="schedule-template">{t("schedule.fromTemplate")}</Label>
        <select
          id="schedule-template"
          className={select}
          defaultValue=""
          onChange={(e) => {
            const chosen = templates.find((x) => x.id === e.target.value);
            if (chosen && formRef.current) (formRef.current.elements.namedItem("body") as HTMLTextAreaElement).value = chosen.body;
          }}
        >
          <option value="">{t("schedule.noTemplate")}</option>
          {templates.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
        <Label htmlFor="schedule-body">{t("schedule.body")}</Label>
        <textarea id="schedule-body" name="body" className={area} maxLength={4000} defaultValue={draft?.body ?? ""} />
        <Label htmlFor="schedule-at">{t("schedule.sendAt")}</Label>
        <Input id="schedule-at" name="sendAt" type="datetime-local" defaultValue={localInput(draft?.sendAt, draft?.localTime)} key={`at-${draft?.id ?? ""}`} />
        {target === "email" ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="recipientClock" checked={recipientClock} onChange={(e) => setRecipientClock(e.target.checked)} />
            {t("schedule.localTime")}
          </label>
        ) : null}
        <p className="m-0 text-sm text-muted-foreground">
          {target === "email" && recipientClock ? t("schedule.localTimeHint", { zone: browserZone() }) : t("schedule.zone", { zone: browserZone() })}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="urgent" checked={urgent} onChange={(e) => setUrgent(e.target.checked)} />
          {t("schedule.urgent")}
        </label>
        <p className="m-0 text-sm text-muted-foreground">{t("schedule.urgentHint")}</p>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy}>
            {editing ? t("schedule.saveChange") : t("schedule.submit")}
          </Button>
          {editing ? (
            <Button type="button" variant="ghost" onClick={onDone}>
              {t("schedule.stopEditing")}
            </Button>
          ) : null}
        </div>
      </form>
      {status ? (
        <p role={status.ok ? "status" : "alert"} className="m-0 text-sm" data-testid="schedule-status">
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
